/*
 * inputs.c - gathering the inputs of the record commands (inputs.h).
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common.h"
#include "inputs.h"

static void input_add(struct input_list *il, const char *path, int walked)
{
	if (il->n == il->cap) {
		il->cap = il->cap ? 2 * il->cap : 64;
		il->paths = xrealloc(il->paths, (size_t)il->cap * sizeof *il->paths);
		il->walked = xrealloc(il->walked, (size_t)il->cap);
	}
	il->paths[il->n] = xstrdup(path);
	il->walked[il->n++] = (unsigned char)walked;
}

static void input_note(struct input_list *il, const char *path, const char *msg)
{
	if (il->nnotes == il->notes_cap) {
		il->notes_cap = il->notes_cap ? 2 * il->notes_cap : 8;
		il->notes = xrealloc(il->notes, (size_t)il->notes_cap * sizeof *il->notes);
	}
	il->notes[il->nnotes].before = il->n;
	il->notes[il->nnotes].path = xstrdup(path);
	il->notes[il->nnotes++].msg = msg;
}

static int input_cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files under directory dir, in the order of the names. */
static int input_walk(struct input_list *il, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;

	if (!d) {
		warnx_("cannot read '%s': %s", dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			names = xrealloc(names, cap * sizeof *names);
		}
		names[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, input_cmp_name);
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(dir);
		int slash = len && dir[len - 1] == '/';
		char *path = xrealloc(NULL, len + strlen(names[i]) + 2);
		struct stat st;
		sprintf(path, "%s%s%s", dir, slash ? "" : "/", names[i]);
		if (lstat(path, &st) < 0) {
			warnx_("cannot read '%s': %s", path, strerror(errno));
			rc = -1;
		} else if (S_ISDIR(st.st_mode)) {
			if (input_walk(il, path) < 0)
				rc = -1;
		} else if (S_ISLNK(st.st_mode) && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			input_note(il, path, "skipped: a symbolic link to a directory");
		} else if (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) {
			input_add(il, path, 1);   /* a dangling link is said when opened */
		} else {
			input_note(il, path, "skipped: not a regular file");
		}
		free(path);
		free(names[i]);
	}
	free(names);
	return rc;
}

static int input_add_named(struct input_list *il, const char *path, int recursive)
{
	struct stat st;
	if (recursive && strcmp(path, "-") && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return input_walk(il, path);
	input_add(il, path, 0);   /* opened, or said not to be, in its turn */
	return 0;
}

static int input_read_list(struct input_list *il, const char *list, int nul, int recursive)
{
	int is_stdin = !strcmp(list, "-");
	FILE *fp = is_stdin ? stdin : fopen(list, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int rc = 0;
	const char *name = is_stdin ? "<stdin>" : list;

	if (!fp) {
		warnx_("cannot open '%s': %s", list, strerror(errno));
		return -1;
	}
	while ((len = getdelim(&line, &cap, nul ? '\0' : '\n', fp)) > 0) {
		if (line[len - 1] == (nul ? '\0' : '\n'))
			line[--len] = '\0';
		if (len > 0 && strlen(line) != (size_t)len) {
			warnx_("'%s': a name holds a NUL byte (use -0 for a NUL-separated list)", name);
			rc = -1;
			continue;
		}
		if (len > 0 && input_add_named(il, line, recursive) < 0)
			rc = -1;
	}
	if (ferror(fp)) {
		warnx_("error reading '%s': %s", name, strerror(errno));
		rc = -1;
	}
	free(line);
	if (!is_stdin)
		fclose(fp);
	return rc;
}

int inputs_gather(struct input_list *il, int argc, char **argv, int recursive,
		  const char *list, int nul)
{
	int rc = 0;
	for (int i = 0; i < argc; i++)
		if (input_add_named(il, argv[i], recursive) < 0)
			rc = -1;
	if (list && input_read_list(il, list, nul, recursive) < 0)
		rc = -1;
	return rc;
}
