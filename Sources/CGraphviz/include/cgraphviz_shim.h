#ifndef CGRAPHVIZ_SHIM_H
#define CGRAPHVIZ_SHIM_H
/* Placeholder: the render work replaces this with the shim's API. */
int ngv_shim_version(void);
#endif
