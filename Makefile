# xqtools - non-recursive GNU make.
#
#   make            libxq.a, libxq.so and every command (build/bin/)
#   make demo       install missing build dependencies (as root), build, and
#                   show every command once on the bundled samples
#   make check      every test: unit tests plain and under ASan+UBSan, bats, differential
#   make bench      speed against the peers, side by side
#   make asan       the commands under ASan+UBSan (build/asan/bin/), for make check
#   make fuzz       libFuzzer targets (clang)
#   make install    commands, library, header, xq.pc, man pages, completions;
#                   PREFIX (/usr/local), DESTDIR, BINDIR, LIBDIR, INCLUDEDIR,
#                   MANDIR honoured; make uninstall removes the same files
#   make python     pip install the Python package (python/) with libxq in it

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
# The compiler: clang when the machine has it, for its code of the replay
# and reading loops (1 to 7% less CPU than gcc 12's at -O2 on the record
# rows of make bench), else cc; CC=... chooses.  DWARF 4, which Debian's
# valgrind reads (not clang 14's DWARF 5).
ifeq ($(origin CC),default)
CC := $(shell command -v clang >/dev/null 2>&1 && echo clang || echo cc)
endif
CFLAGS ?= -O2 -g -gdwarf-4
WARN = -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
       -Wmissing-prototypes -Wwrite-strings -Wvla -Wformat=2 -Wundef \
       -Wno-unused-parameter
override CFLAGS := $(WARN) -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(CFLAGS)
override CPPFLAGS += -Ilib -MMD -MP
LDLIBS ?= -lisal -lz -lopencc -pthread -lm

B = build
LIB_SRC := $(sort $(wildcard lib/*.c formats/*.c))
CMD_SRC := $(sort $(wildcard cmd/xq*.c))
CMDLIB_SRC := $(filter-out $(CMD_SRC),$(sort $(wildcard cmd/*.c)))
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
# reference implementations the unit tests hold the library against
REF_SRC := $(sort $(wildcard tests/unit/ref_*.c))
TOOL_SRC := $(sort $(wildcard tests/diff/*.c bench/*.c))
FUZZ_SRC := $(sort $(wildcard tests/fuzz/fuzz_*.c))

PROGS := $(patsubst cmd/%.c,$(B)/bin/%,$(CMD_SRC))
UNITS := $(patsubst tests/unit/%.c,$(B)/unit/%,$(UNIT_SRC))
ASAN_UNITS := $(patsubst tests/unit/%.c,$(B)/asan/unit/%,$(UNIT_SRC))
ASAN_PROGS := $(patsubst cmd/%.c,$(B)/asan/bin/%,$(CMD_SRC))
TOOLS := $(patsubst %.c,$(B)/tools/%,$(notdir $(TOOL_SRC)))
MANS := $(sort $(wildcard man/*.[1-9]))
HEADERS := $(sort $(wildcard lib/xq*.h))

all: $(B)/libxq.a $(B)/libxq.so $(PROGS) $(B)/completion/stamp

# Plain make first looks for the build dependencies: when one is missing it
# prints the apt-get line that installs them and stops (it never installs).
ifeq ($(filter-out all,$(MAKECMDGOALS)),)
ifneq ($(shell sh tests/deps.sh build >&2 && echo ok),ok)
$(error a build dependency is missing)
endif
endif

# --- plain build -----------------------------------------------------------
$(B)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(B)/libxq.a: $(LIB_SRC:%.c=$(B)/obj/%.o)
	@rm -f $@
	$(AR) rcs $@ $^

# the shared library: the same sources compiled position-independent
SOVERSION = 0
LIBVERSION = 0.1.0
$(B)/pic/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -fPIC -c -o $@ $<

$(B)/libxq.so.$(LIBVERSION): $(LIB_SRC:%.c=$(B)/pic/%.o)
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,libxq.so.$(SOVERSION) -o $@ $^ $(LDLIBS)

$(B)/libxq.so: $(B)/libxq.so.$(LIBVERSION)
	ln -sf libxq.so.$(LIBVERSION) $(B)/libxq.so.$(SOVERSION)
	ln -sf libxq.so.$(LIBVERSION) $@

# bash and zsh completions, from each built command's --help
$(B)/completion/stamp: $(PROGS) completion/generate.sh
	@rm -rf $(@D)
	sh completion/generate.sh $(B)/bin $(@D)
	@touch $@

$(B)/libcmd.a: $(CMDLIB_SRC:%.c=$(B)/obj/%.o)
	@rm -f $@
	$(AR) rcs $@ $^

$(B)/bin/%: $(B)/obj/cmd/%.o $(B)/libcmd.a $(B)/libxq.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/unit/%: $(B)/obj/tests/unit/%.o $(REF_SRC:%.c=$(B)/obj/%.o) $(B)/libxq.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/tools/%: $(B)/obj/tests/diff/%.o $(B)/libxq.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/tools/%: $(B)/obj/bench/%.o $(B)/libxq.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# --- sanitizer build of the library and unit tests ---------------------------
SAN = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SAN_CHECKS = -DXQ_CHECK_POSITIONS
$(B)/asan/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -O1 $(SAN) $(SAN_CHECKS) -c -o $@ $<

$(B)/asan/libxq.a: $(LIB_SRC:%.c=$(B)/asan/obj/%.o)
	@rm -f $@
	$(AR) rcs $@ $^

$(B)/asan/unit/%: $(B)/asan/obj/tests/unit/%.o $(REF_SRC:%.c=$(B)/asan/obj/%.o) $(B)/asan/libxq.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SAN) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/asan/libcmd.a: $(CMDLIB_SRC:%.c=$(B)/asan/obj/%.o)
	@rm -f $@
	$(AR) rcs $@ $^

# the commands too: make check runs the bats tests against them as well
$(B)/asan/bin/%: $(B)/asan/obj/cmd/%.o $(B)/asan/libcmd.a $(B)/asan/libxq.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SAN) $(LDFLAGS) -o $@ $^ $(LDLIBS)

asan: $(ASAN_PROGS)

# --- the jobs ----------------------------------------------------------------
# what each job needs, installed as root (else the apt-get line, and stop)
deps:
	@sh tests/deps.sh check

demo:
	@sh tests/deps.sh demo
	@$(MAKE) --no-print-directory all
	@sh samples/demo.sh $(B)/bin

check:
	@sh tests/deps.sh check
	@$(MAKE) --no-print-directory all $(UNITS) $(ASAN_UNITS) $(ASAN_PROGS) $(TOOLS)
	@bash tests/run.sh $(B)

bench:
	@sh tests/deps.sh bench
	@$(MAKE) --no-print-directory all $(TOOLS)
	@bash bench/run.sh $(B)

# Every source, warnings as errors, with both compilers at the build's
# optimisation (some warnings need it); TAP lines, for make check.
ALL_C := $(LIB_SRC) $(CMD_SRC) $(CMDLIB_SRC) $(UNIT_SRC) $(REF_SRC) $(TOOL_SRC) $(FUZZ_SRC)
warnings:
	@n=0; for cc in gcc clang; do n=$$((n + 1)); \
	  if ! command -v $$cc >/dev/null; then echo "not ok $$n - $$cc not installed"; continue; fi; \
	  if out=$$(for f in $(ALL_C); do $$cc $(filter-out -MMD -MP,$(CPPFLAGS)) $(CFLAGS) -Werror -c -o /dev/null $$f 2>&1 || exit 1; done); \
	  then echo "ok $$n - $$cc: no warnings in $(words $(ALL_C)) files"; \
	  else echo "not ok $$n - $$cc warns"; echo "$$out" | sed 's/^/# /' | head -20; fi; done

# The Python package, with a copy of build/libxq.so.0: its build backend
# (python/build_backend) needs only the standard library, so pip fetches
# nothing.  PIP_FLAGS: e.g. --user, or --break-system-packages for
# Debian's own python3 outside a venv.
PYTHON ?= python3
PIP_FLAGS ?=
python: $(B)/libxq.so
	XQ_BUILD=$(CURDIR)/$(B) $(PYTHON) -m pip install --no-index $(PIP_FLAGS) ./python

FUZZ_SECONDS ?= 60
fuzz:
	@sh tests/deps.sh fuzz
	@bash tests/fuzz.sh $(FUZZ_SECONDS) $(LIB_SRC) -- $(FUZZ_SRC)

NAMES := $(notdir $(PROGS))
install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) \
	  $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) \
	  $(addprefix $(DESTDIR)$(MANDIR)/man,$(sort $(subst .,,$(suffix $(MANS)))))
	install -m 755 $(PROGS) $(DESTDIR)$(BINDIR)
	install -m 755 $(B)/libxq.so.$(LIBVERSION) $(DESTDIR)$(LIBDIR)
	ln -sf libxq.so.$(LIBVERSION) $(DESTDIR)$(LIBDIR)/libxq.so.$(SOVERSION)
	ln -sf libxq.so.$(LIBVERSION) $(DESTDIR)$(LIBDIR)/libxq.so
	install -m 644 $(B)/libxq.a $(DESTDIR)$(LIBDIR)
	install -m 644 $(HEADERS) $(DESTDIR)$(INCLUDEDIR)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	  -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(LIBVERSION)|' \
	  lib/xq.pc.in >$(DESTDIR)$(PKGCONFIGDIR)/xq.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/xq.pc
	for m in $(MANS); do install -m 644 $$m $(DESTDIR)$(MANDIR)/man$${m##*.}/; done
	install -m 644 $(addprefix $(B)/completion/bash/,$(NAMES)) $(DESTDIR)$(BASHCOMPDIR)
	install -m 644 $(addprefix $(B)/completion/zsh/_,$(NAMES)) $(DESTDIR)$(ZSHCOMPDIR)

uninstall:
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(NAMES))
	rm -f $(addprefix $(DESTDIR)$(LIBDIR)/,libxq.so.$(LIBVERSION) libxq.so.$(SOVERSION) libxq.so libxq.a)
	rm -f $(addprefix $(DESTDIR)$(INCLUDEDIR)/,$(notdir $(HEADERS)))
	rm -f $(DESTDIR)$(PKGCONFIGDIR)/xq.pc
	for m in $(notdir $(MANS)); do rm -f $(DESTDIR)$(MANDIR)/man$${m##*.}/$$m; done
	rm -f $(addprefix $(DESTDIR)$(BASHCOMPDIR)/,$(NAMES))
	rm -f $(addprefix $(DESTDIR)$(ZSHCOMPDIR)/_,$(NAMES))

clean:
	rm -rf $(B)

.PHONY: all asan deps demo check bench fuzz install uninstall clean warnings python
.SECONDARY:

-include $(shell find $(B) -name '*.d' 2>/dev/null)
