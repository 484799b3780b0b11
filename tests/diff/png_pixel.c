/*
 * png_pixel - print pixel colours of a PNG file, for the xqshow --svg
 * tests (rendered with rsvg-convert).  Not a test by itself.
 *
 *   png_pixel FILE             prints "WIDTH HEIGHT"
 *   png_pixel FILE X Y ...     prints "R G B" for each point, one a line
 *
 * Reads 8-bit non-interlaced grey, grey+alpha, RGB and RGBA images; alpha
 * is composed over white.  Exit 2 on any problem.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static unsigned long be32(const unsigned char *p)
{
	return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 | (unsigned long)p[2] << 8 | p[3];
}

static int fail(const char *msg)
{
	fprintf(stderr, "png_pixel: %s\n", msg);
	return 2;
}

static int paeth(int a, int b, int c)
{
	int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
	return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

int main(int argc, char **argv)
{
	FILE *fp;
	unsigned char *file = NULL, *idat = NULL, *raw = NULL, *img;
	size_t flen = 0, ilen = 0, cap = 0;
	unsigned long w = 0, h = 0;
	int depth = 0, ctype = -1, interlace = 0, bpp;
	uLongf rawlen;

	if (argc < 2 || argc % 2 != 0)
		return fail("usage: png_pixel FILE [X Y]...");
	if (!(fp = fopen(argv[1], "rb")))
		return fail("cannot open the file");
	for (;;) {
		if (flen + 65536 > cap) {
			cap = cap * 2 + 65536;
			if (!(file = realloc(file, cap)))
				return fail("out of memory");
		}
		size_t n = fread(file + flen, 1, cap - flen, fp);
		flen += n;
		if (n == 0)
			break;
	}
	fclose(fp);
	if (flen < 8 || memcmp(file, "\x89PNG\r\n\x1a\n", 8) != 0)
		return fail("not a PNG file");
	for (size_t p = 8; p + 12 <= flen;) {
		unsigned long len = be32(file + p);
		const unsigned char *type = file + p + 4, *data = file + p + 8;
		if (p + 12 + len > flen)
			return fail("truncated chunk");
		if (memcmp(type, "IHDR", 4) == 0 && len >= 13) {
			w = be32(data);
			h = be32(data + 4);
			depth = data[8];
			ctype = data[9];
			interlace = data[12];
		} else if (memcmp(type, "IDAT", 4) == 0) {
			if (!(idat = realloc(idat, ilen + len + 1)))
				return fail("out of memory");
			memcpy(idat + ilen, data, len);
			ilen += len;
		} else if (memcmp(type, "IEND", 4) == 0) {
			break;
		}
		p += 12 + len;
	}
	if (depth != 8 || interlace || w == 0 || h == 0 || w > 20000 || h > 20000)
		return fail("only 8-bit non-interlaced images are read");
	bpp = ctype == 0 ? 1 : ctype == 4 ? 2 : ctype == 2 ? 3 : ctype == 6 ? 4 : 0;
	if (!bpp)
		return fail("unsupported colour type");
	if (argc == 2) {
		printf("%lu %lu\n", w, h);
		return 0;
	}
	rawlen = (uLongf)(h * (1 + w * (unsigned long)bpp));
	if (!(raw = malloc(rawlen)) || !idat)
		return fail("out of memory or no image data");
	if (uncompress(raw, &rawlen, idat, (uLong)ilen) != Z_OK || rawlen != h * (1 + w * (unsigned long)bpp))
		return fail("bad image data");
	/* undo the filters in place */
	size_t stride = w * (size_t)bpp;
	img = raw;
	for (unsigned long y = 0; y < h; y++) {
		unsigned char *row = raw + y * (stride + 1), *cur = row + 1;
		unsigned char *prev = y ? raw + (y - 1) * (stride + 1) + 1 : NULL;
		int f = row[0];
		for (size_t x = 0; x < stride; x++) {
			int a = x >= (size_t)bpp ? cur[x - (size_t)bpp] : 0;
			int b = prev ? prev[x] : 0;
			int c = prev && x >= (size_t)bpp ? prev[x - (size_t)bpp] : 0;
			int v = f == 0 ? 0 : f == 1 ? a : f == 2 ? b : f == 3 ? (a + b) / 2 : f == 4 ? paeth(a, b, c) : -1;
			if (v < 0)
				return fail("bad filter");
			cur[x] = (unsigned char)(cur[x] + v);
		}
	}
	for (int i = 2; i + 1 < argc; i += 2) {
		long x = strtol(argv[i], NULL, 10), y = strtol(argv[i + 1], NULL, 10);
		const unsigned char *px;
		int r, g, b, al = 255;
		if (x < 0 || y < 0 || (unsigned long)x >= w || (unsigned long)y >= h)
			return fail("point outside the image");
		px = img + (size_t)y * (stride + 1) + 1 + (size_t)x * (size_t)bpp;
		if (bpp <= 2) {
			r = g = b = px[0];
			if (bpp == 2)
				al = px[1];
		} else {
			r = px[0], g = px[1], b = px[2];
			if (bpp == 4)
				al = px[3];
		}
		r = (r * al + 255 * (255 - al)) / 255;
		g = (g * al + 255 * (255 - al)) / 255;
		b = (b * al + 255 * (255 - al)) / 255;
		printf("%d %d %d\n", r, g, b);
	}
	free(file);
	free(idat);
	free(raw);
	return 0;
}
