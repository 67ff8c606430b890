#include "io/npy.h"
