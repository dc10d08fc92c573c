/* navgraph's C shim: navgraph's PNG device. See shim_internal.h. */
#include "shim_internal.h"
#include <gvplugin_device.h>
#include <gvcjob.h>
#include <zlib.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- navgraph's PNG device: cairo draws, we encode ----
 * Big pictures (a map's group pictures: 1,200 x 9,000 pixels) spent 70 % of their PNG time in
 * libpng's adaptive row filters and zlib at level 6, the settings cairo's PNG writer uses and
 * cannot change. This device ("png:cairo:navgraph") takes the same cairo image surface graphviz's
 * cairo renderer draws (the gd device's path: job->imagedata, ARGB32 premultiplied) and writes it
 * as a PNG with no row filter and zlib level 1: the same pixels (RGB when every pixel is opaque,
 * else RGBA, un-premultiplied as cairo does), about 3x less CPU, files about 10 % bigger.
 * Deterministic: same pixels, same bytes. */

size_t gvwrite(GVJ_t *job, const char *s, size_t len); /* libgvc's output writer (gvio.h, not installed) */

int ngv_png_failed;

static void png_u32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24); p[1] = (unsigned char)(v >> 16); p[2] = (unsigned char)(v >> 8); p[3] = (unsigned char)v;
}

static void png_chunk(GVJ_t *job, const char *type, const unsigned char *data, uint32_t n) {
    unsigned char head[8], tail[4];
    png_u32(head, n);
    memcpy(head + 4, type, 4);
    uLong crc = crc32(0L, (const Bytef *)type, 4);
    if (n) crc = crc32(crc, data, n);
    png_u32(tail, (uint32_t)crc);
    if (gvwrite(job, (const char *)head, 8) != 8 || (n && gvwrite(job, (const char *)data, n) != n)
        || gvwrite(job, (const char *)tail, 4) != 4) ngv_png_failed = 1;
}

static void png_format(GVJ_t *job) {
    const uint32_t *px = (const uint32_t *)job->imagedata;
    size_t w = job->width, h = job->height;
    if (!px || w == 0 || h == 0) { ngv_png_failed = 1; return; }
    int opaque = 1;
    for (size_t i = 0; i < w * h && opaque; i++) opaque = (px[i] >> 24) == 0xff;
    size_t bpp = opaque ? 3 : 4, rowlen = w * bpp;
    enum { OUT = 1 << 16 };
    unsigned char *line = malloc(rowlen + 1), *out = malloc(OUT);
    z_stream z;
    memset(&z, 0, sizeof z);
    if (!line || !out || deflateInit2(&z, 1, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        free(line); free(out);
        ngv_png_failed = 1;
        return;
    }
    static const unsigned char signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    if (gvwrite(job, (const char *)signature, 8) != 8) ngv_png_failed = 1;
    unsigned char ihdr[13];
    png_u32(ihdr, (uint32_t)w);
    png_u32(ihdr + 4, (uint32_t)h);
    ihdr[8] = 8;                   /* bits per channel */
    ihdr[9] = opaque ? 2 : 6;      /* RGB / RGBA */
    ihdr[10] = ihdr[11] = ihdr[12] = 0; /* deflate, adaptive filtering method (each row: filter 0), no interlace */
    png_chunk(job, "IHDR", ihdr, 13);
    z.next_out = out;
    z.avail_out = OUT;
    for (size_t y = 0; y < h; y++) {
        const uint32_t *row = px + y * w;
        unsigned char *d = line + 1;
        line[0] = 0; /* filter: none */
        for (size_t x = 0; x < w; x++, d += bpp) {
            uint32_t p = row[x];
            unsigned a = p >> 24, r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
            if (a == 0) r = g = b = 0;
            else if (a != 0xff) {
                r = (r * 255 + a / 2) / a;
                g = (g * 255 + a / 2) / a;
                b = (b * 255 + a / 2) / a;
            }
            d[0] = (unsigned char)r; d[1] = (unsigned char)g; d[2] = (unsigned char)b;
            if (bpp == 4) d[3] = (unsigned char)a;
        }
        z.next_in = line;
        z.avail_in = (uInt)(rowlen + 1);
        while (z.avail_in) {
            if (deflate(&z, Z_NO_FLUSH) == Z_STREAM_ERROR) { ngv_png_failed = 1; break; }
            if (z.avail_out == 0) {
                png_chunk(job, "IDAT", out, OUT);
                z.next_out = out;
                z.avail_out = OUT;
            }
        }
    }
    int status;
    do {
        status = deflate(&z, Z_FINISH);
        if (status == Z_STREAM_ERROR) { ngv_png_failed = 1; break; }
        if (z.avail_out == 0 || status == Z_STREAM_END) {
            png_chunk(job, "IDAT", out, (uint32_t)(OUT - z.avail_out));
            z.next_out = out;
            z.avail_out = OUT;
        }
    } while (status != Z_STREAM_END);
    deflateEnd(&z);
    png_chunk(job, "IEND", NULL, 0);
    free(line);
    free(out);
}

static gvdevice_engine_t png_engine = {NULL, png_format, NULL};
/* As cairo's own png device: binary, truecolor (background painted white), 96 dpi. */
static gvdevice_features_t png_features = {GVDEVICE_BINARY_FORMAT | GVDEVICE_DOES_TRUECOLOR, {0., 0.}, {0., 0.}, {96., 96.}};
/* Lowest quality: plain "png" still picks cairo's own device; "png:cairo:navgraph" picks this one. */
static gvplugin_installed_t png_types[] = {{0, "png:cairo", -100, &png_engine, &png_features}, {0, NULL, 0, NULL, NULL}};
static gvplugin_api_t png_apis[] = {{API_device, png_types}, {(api_t)0, NULL}};
gvplugin_library_t ngv_png_library = {"navgraph", png_apis};
