/*
 * tty_stderr - run a command with its standard error on a pseudo-terminal,
 * for the tests of the progress line: what the terminal receives goes to
 * LOG, standard input and output stay as they are.  Not a test by itself.
 *
 *   tty_stderr [-w COLUMNS] LOG COMMAND [ARG...]
 *
 * The terminal is COLUMNS wide (default 200).  Exits with the command's
 * status; 2 on a problem of its own.
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct winsize ws = { .ws_row = 24, .ws_col = 200 };
	int a = 1, m, status;
	FILE *log;
	pid_t pid;
	char buf[4096], *slave;
	ssize_t n;

	if (argc > 3 && !strcmp(argv[1], "-w")) {
		ws.ws_col = (unsigned short)atoi(argv[2]);
		a = 3;
	}
	if (argc - a < 2) {
		fputs("usage: tty_stderr [-w COLUMNS] LOG COMMAND [ARG...]\n", stderr);
		return 2;
	}
	if (!(log = fopen(argv[a], "wb")) || (m = posix_openpt(O_RDWR | O_NOCTTY)) < 0 ||
	    grantpt(m) < 0 || unlockpt(m) < 0 || !(slave = ptsname(m)) ||
	    ioctl(m, TIOCSWINSZ, &ws) < 0) {
		perror("tty_stderr");
		return 2;
	}
	if ((pid = fork()) < 0) {
		perror("tty_stderr: fork");
		return 2;
	}
	if (pid == 0) {
		int s = open(slave, O_RDWR | O_NOCTTY);
		if (s < 0 || dup2(s, STDERR_FILENO) < 0) {
			perror("tty_stderr: slave");
			_exit(127);
		}
		close(s);
		close(m);
		execvp(argv[a + 1], argv + a + 1);
		perror(argv[a + 1]);
		_exit(127);
	}
	/* the master reads EIO once the last holder of the slave is gone */
	while ((n = read(m, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
		if (n > 0)
			fwrite(buf, 1, (size_t)n, log);
	if (waitpid(pid, &status, 0) < 0 || fclose(log) != 0)
		return 2;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}
