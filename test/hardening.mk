# hardening.mk: fuzzing and Valgrind targets, included at the end of
# Makefile.in (so OBJS and the flags of this build are known).  See the
# "Hardening" section of README.md.
#
#   make fuzz            libFuzzer harnesses in fuzz-build/ (clang, ASan+UBSan),
#                        and the seed corpus
#   make fuzz-corpus     the seed corpus in fuzz-corpus/, from today's test files
#   make afl             miniruby built with afl-clang-fast in afl-build/
#   make check-valgrind  memcheck on a subset of the suite (this build)

# ---- libFuzzer: a build of its own, every object instrumented for coverage
fuzz: fuzz-corpus
	@$(SHELL) $(srcdir)/test/fuzz/build $(srcdir) fuzz-build

# ---- seeds for libFuzzer and AFL++: the small test files as they are now,
# made afresh each time (never committed, so they cannot drift)
fuzz-corpus:
	@$(SHELL) $(srcdir)/test/fuzz/make-corpus $(srcdir) fuzz-corpus

# Inside fuzz-build (called by test/fuzz/build): the harnesses.  The parser
# harness links the front end only; the run harness everything but main(),
# the shared extensions too (require finds their initialisers linked in).
FUZZ_PARSE_OBJS = $(filter interp/parse/%.o interp/runtime/symbol.o interp/runtime/util.o,$(OBJS))
fuzz-harnesses: fuzz_parse fuzz_run

fuzz_parse: test/fuzz/fuzz_parse.o $(FUZZ_PARSE_OBJS)
	$(if $(V),,@echo "  LD      $@")
	$(Q)$(CC) $(LDFLAGS) -fsanitize=fuzzer -o $@ $^

fuzz_run: test/fuzz/fuzz_run.o $(filter-out interp/cli/%.o,$(OBJS)) interp/cli/session.o
	$(if $(V),,@echo "  LD      $@")
	$(Q)$(CC) $(LDFLAGS) -fsanitize=fuzzer -Wl,--export-dynamic -o $@ $^ $(LIBS) \
	  $(foreach e,$(SHARED_EXTS),$(ext_libs_$(e)))

test/fuzz/%.o: $(srcdir)/test/fuzz/%.c config.h
	@mkdir -p $(@D)
	$(if $(V),,@echo "  CC      $@")
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -DFUZZ_SANDBOX='"$(abs_srcdir)/test/fuzz/sandbox.rb"' -c -o $@ $<

# ---- AFL++: the ordinary miniruby, instrumented (Debian package afl++);
# seeds: make fuzz-corpus
afl:
	@mkdir -p afl-build
	cd afl-build && CC=afl-clang-fast $(abs_srcdir)/configure >configure.log && $(MAKE)

# ---- Valgrind (memcheck): nothing may be reported
check-valgrind: miniruby
	$(PYTHON) $(srcdir)/test/hardening/valgrind_check.py --miniruby ./miniruby

.PHONY: fuzz fuzz-corpus fuzz-harnesses afl check-valgrind
