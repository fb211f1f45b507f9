// CKMS: the KMS dumb-buffer output and the render-node probe (one module for Swift).
#include "KMSDumb.h"
#include "RenderNodeProbe.h"
