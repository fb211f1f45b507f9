// zlib for Fling's own PNG/APNG encoder (fling replay --video x.png, fling report --plot).
#include <zlib.h>
