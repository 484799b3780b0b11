/*
 * cputime - run a command and write what it cost: "user-seconds
 * system-seconds peak-RSS-KiB", the times to the microsecond.  For the
 * bench scripts' timed() (bench/pin.sh): GNU time prints hundredths, cut
 * rather than rounded, up to 20 ms off a 0.3 s search, and bash's time
 * counts the measuring programs' own start-up, some 10 ms.
 *
 *   cputime FILE CMD [ARG...]
 *
 * The command's status is the exit status (128 + the signal that killed
 * it); 2 when it could not be run or measured.
 */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct rusage ru;
	pid_t pid;
	int status;
	FILE *out;

	if (argc < 3) {
		fprintf(stderr, "usage: cputime FILE CMD [ARG...]\n");
		return 2;
	}
	if ((pid = fork()) < 0) {
		perror("cputime: fork");
		return 2;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		perror(argv[2]);
		_exit(127);
	}
	/* the child's usage, with that of its children it waited for */
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("cputime: wait4");
		return 2;
	}
	if (!(out = fopen(argv[1], "w"))) {
		perror(argv[1]);
		return 2;
	}
	fprintf(out, "%ld.%06ld %ld.%06ld %ld\n", (long)ru.ru_utime.tv_sec, (long)ru.ru_utime.tv_usec,
		(long)ru.ru_stime.tv_sec, (long)ru.ru_stime.tv_usec, ru.ru_maxrss);
	if (fclose(out) != 0) {
		perror(argv[1]);
		return 2;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
