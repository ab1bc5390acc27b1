// Placeholder: the geometry helper replaces this with the implementation.
#include "engine/square_grid.h"
