/*
 * inputs.h - the list of inputs of the record commands: the names given,
 * directories walked with -R, names read from --files-from (one a line,
 * or NUL-separated with -0).
 */
#ifndef XQ_CMD_INPUTS_H
#define XQ_CMD_INPUTS_H

/* The long-only option --files-from, as cmd_getopt() returns it. */
#define OPT_FILES_FROM 0x4000

/* Something a walk left, said in its turn: before paths[before] is read. */
struct input_note {
	int before;
	char *path;
	const char *msg;
};

struct input_list {
	char **paths;            /* the inputs, in order */
	unsigned char *walked;   /* found in a walk: a file that is no record is skipped */
	int n, cap;
	struct input_note *notes;
	int nnotes, notes_cap;
};

/*
 * The inputs of argv[0..argc) with -R (recursive), --files-from (list,
 * NULL: none; "-": standard input) and -0 (nul): a directory is walked in
 * the order of its names (bytewise), its regular files taken, symbolic
 * links to directories and special files left with a note in il->notes.
 * 0, or -1 when a
 * list could not be read or a directory walked (said; the others are
 * kept).
 */
int inputs_gather(struct input_list *il, int argc, char **argv, int recursive,
		  const char *list, int nul);

#endif
