#include "rulesets/quickplay/quickplay.h"
