// libpng (Debian libpng-dev) for FeedPictures. Swift cannot call setjmp/longjmp, so errors are
// caught by a C error callback that records them and returns through png_longjmp from C code only.
#include <png.h>
