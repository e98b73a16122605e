#pragma once
#include <liboath/oath.h>
