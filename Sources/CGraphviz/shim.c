#include "cgraphviz_shim.h"
int ngv_shim_version(void) { return 1; }
