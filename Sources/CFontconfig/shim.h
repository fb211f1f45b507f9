// CFontconfig: fontconfig for Swift (the system's fonts sorted for a language, and what each covers).
#ifndef FLING_CFONTCONFIG_SHIM_H
#define FLING_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
