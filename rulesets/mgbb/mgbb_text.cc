// Placeholder: filled by this session's work on mgbb (see mgbb.h for what belongs here).
#include "rulesets/mgbb/mgbb.h"
