#pragma once
#include <idn2.h>
