// libjpeg-turbo (Debian libjpeg-dev) for FeedPictures. jpeglib.h needs stdio.h and stddef.h first.
#include <stdio.h>
#include <stddef.h>
#include <jpeglib.h>
