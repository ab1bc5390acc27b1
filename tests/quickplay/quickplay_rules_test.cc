#include "tests/quickplay/quickplay_test_util.h"
