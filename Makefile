# xqtools - non-recursive GNU make.
#
#   make            libxq.a, libxq.so and every command (build/bin/)
#   make demo       install missing build dependencies (as root), build, run the demo
#   make check      every test: unit tests plain and under ASan+UBSan, bats, differential
#   make bench      speed against the peers, side by side
#   make asan       the commands under ASan+UBSan (build/asan/bin/), for make check
#   make fuzz       libFuzzer targets (clang)
#   make install    PREFIX (/usr/local) and DESTDIR honoured

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
CC ?= cc
CFLAGS ?= -O2 -g
WARN = -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
       -Wmissing-prototypes -Wwrite-strings -Wvla -Wformat=2 -Wundef \
       -Wno-unused-parameter
override CFLAGS := $(WARN) -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(CFLAGS)
override CPPFLAGS += -Ilib -MMD -MP
LDLIBS ?= -lz -lopencc -pthread -lm

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

all: $(B)/libxq.a $(B)/libxq.so $(PROGS)

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
deps:
	@sh tests/deps.sh

demo: deps
	@$(MAKE) --no-print-directory all
	@sh samples/demo.sh $(B)/bin

check: deps
	@$(MAKE) --no-print-directory all $(UNITS) $(ASAN_UNITS) $(ASAN_PROGS) $(TOOLS)
	@bash tests/run.sh $(B)

bench: deps
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

FUZZ_SECONDS ?= 60
fuzz: deps
	@bash tests/fuzz.sh $(FUZZ_SECONDS) $(LIB_SRC) -- $(FUZZ_SRC)

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man7
	install -m 755 $(PROGS) $(DESTDIR)$(BINDIR)
	for m in $(MANS); do install -m 644 $$m $(DESTDIR)$(MANDIR)/man$${m##*.}/; done

uninstall:
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(notdir $(PROGS)))
	for m in $(notdir $(MANS)); do rm -f $(DESTDIR)$(MANDIR)/man$${m##*.}/$$m; done

clean:
	rm -rf $(B)

.PHONY: all asan deps demo check bench fuzz install uninstall clean warnings
.SECONDARY:

-include $(shell find $(B) -name '*.d' 2>/dev/null)
