/* Through pkg-config's include folder (libgvc.pc: …/include/graphviz) on Linux and macOS alike. */
#include <gvc.h>
#include <cgraph.h>
