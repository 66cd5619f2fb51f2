"""install_test.py: `make install` and `make uninstall` of this build into
a temporary DESTDIR, the installed miniruby run from another folder
(require 'set' and 'rbconfig' work, $: names the installed library,
rbconfig names the installed folders, without DESTDIR, the shared
extensions load from archdir), prefix given to make install, and a binary
copied away from its tree.  The case of a
binary installed where configure said (bindir) is `make distcheck`'s.
Skipped (passing) when the binary under test has no Makefile beside it."""
import os
import shutil
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import MINIRUBY, SRCDIR, check, finish

BUILD = os.path.dirname(os.path.abspath(MINIRUBY))
if not os.path.exists(os.path.join(BUILD, "Makefile")):
    print("no Makefile beside %s: skipped" % MINIRUBY)
    finish()

TMP = tempfile.mkdtemp(prefix="install_test")


def make(*args):
    p = subprocess.run(["make", "-s", "-C", BUILD] + list(args), capture_output=True, text=True, timeout=300)
    check(p.returncode == 0, "make %s: %s %s" % (" ".join(args), p.stdout[-500:], p.stderr[-500:]))


def run(binary, code, cwd="/"):
    p = subprocess.run([binary, "-e", code], capture_output=True, text=True, timeout=60, cwd=cwd,
                       env=dict(os.environ, RUBYLIB="", RUBYOPT=""))
    return p.returncode, p.stdout, p.stderr


def config(binary, key):
    st, o, e = run(binary, "require 'rbconfig'; print RbConfig::CONFIG[%r]" % key)
    return o


def files_under(d):
    return sorted(os.path.relpath(os.path.join(r, f), d) for r, _, fs in os.walk(d) for f in fs)


# the configured folders, from the build's rbconfig
bindir, rubylibdir, archdir, mandir, sitelibdir = (config(MINIRUBY, k) for k in
                                                   ("bindir", "rubylibdir", "archdir", "mandir", "sitelibdir"))
check(bindir.startswith("/") and rubylibdir.endswith("/miniruby/1.8") and archdir == rubylibdir + "/" +
      config(MINIRUBY, "arch"), "configured folders: %r %r %r" % (bindir, rubylibdir, archdir))

# make install DESTDIR=...
dest = os.path.join(TMP, "dest")
make("install", "DESTDIR=" + dest)
installed = os.path.join(dest + bindir, "miniruby")
check(os.access(installed, os.X_OK), "the binary is installed")
libs = sorted(f for f in os.listdir(os.path.join(SRCDIR, "lib")) if f.endswith(".rb") and f != "rbconfig.rb")
check(all(os.path.exists(os.path.join(dest + rubylibdir, f)) for f in libs), "lib/ under rubylibdir")
check(os.path.exists(os.path.join(dest + archdir, "rbconfig.rb")), "rbconfig.rb in archdir")
with open(os.path.join(dest + mandir, "man1", "miniruby.1")) as f:
    check(f.read().startswith(".\\\" miniruby.1") , "the man page is installed")

# the installed binary, run from another folder
st, o, e = run(installed, "require 'set'; p Set[1, 2].size; puts $:")
check(st == 0 and o.splitlines() == ["2", dest + sitelibdir, dest + rubylibdir, dest + archdir, "."],
      "installed miniruby finds its library: %r %r" % (o, e))
st, o, e = run(installed, "require 'rbconfig'; c = RbConfig::CONFIG; puts c['bindir'], c['rubylibdir'], "
               "c['ruby_install_name'], Config::CONFIG.equal?(c)")
check(o.splitlines() == [bindir, rubylibdir, "miniruby", "true"], "installed rbconfig names the installed folders: %r" % o)
SHARED = ["digest.so", "readline.so", "yaml.so", "zlib.so"]
check(sorted(f for f in os.listdir(dest + archdir) if f.endswith(".so")) == SHARED, "shared extensions in archdir")
st, o, e = run(installed, "require 'zlib'; require 'digest/md5'; p Zlib.crc32('a'), Digest::MD5.hexdigest('')[0, 4]; "
               "puts File.read('/proc/self/maps').scan(%r{\\S+/zlib\\.so$}).uniq")
check(st == 0 and o.splitlines() == ["3904355907", '"d41d"', dest + archdir + "/zlib.so"],
      "installed miniruby loads its shared extensions from archdir: %r %r" % (o, e))

# make uninstall leaves no file
make("uninstall", "DESTDIR=" + dest)
check(files_under(dest) == [], "uninstall removes every file: %r" % files_under(dest))

# a prefix given to make install: rbconfig follows it, the binary finds its library beside it
dest2 = os.path.join(TMP, "dest2")
make("install", "DESTDIR=" + dest2, "prefix=/opt/mr", "exec_prefix=/opt/mr", "bindir=/opt/mr/bin",
     "libdir=/opt/mr/lib", "mandir=/opt/mr/man")
inst2 = os.path.join(dest2, "opt/mr/bin/miniruby")
st, o, e = run(inst2, "require 'set'; require 'rbconfig'; c = RbConfig::CONFIG; "
               "puts c['prefix'], c['bindir'], c['rubylibdir'], c['mandir'], $:[0], $:[1]")
check(o.splitlines() == ["/opt/mr", "/opt/mr/bin", "/opt/mr/lib/miniruby/1.8", "/opt/mr/man",
                         os.path.join(dest2, "opt/mr/lib/miniruby/site_ruby/1.8"),
                         os.path.join(dest2, "opt/mr/lib/miniruby/1.8")],
      "make install prefix=...: site_ruby first, as an install where configure said: %r %r" % (o, e))
check(os.path.exists(os.path.join(dest2, "opt/mr/man/man1/miniruby.1")), "mandir=...")
make("uninstall", "DESTDIR=" + dest2, "prefix=/opt/mr", "exec_prefix=/opt/mr", "bindir=/opt/mr/bin",
     "libdir=/opt/mr/lib", "mandir=/opt/mr/man")
check(files_under(dest2) == [], "uninstall with the same folders: %r" % files_under(dest2))

# a tree moved whole (binary and lib/ side by side): lib/ relative to the binary
tree = os.path.join(TMP, "tree")
shutil.copytree(os.path.join(SRCDIR, "lib"), os.path.join(tree, "lib"))
shutil.copy(MINIRUBY, os.path.join(tree, "miniruby"))
st, o, e = run(os.path.join(tree, "miniruby"), "require 'set'; puts $:[0]")
check(st == 0 and o == os.path.realpath(os.path.join(tree, "lib")) + "\n", "moved tree: %r %r" % (o, e))
# its ext/ is where the shared extensions are: empty, require names what is missing
os.mkdir(os.path.join(tree, "ext"))
st, o, e = run(os.path.join(tree, "miniruby"), "require 'set'; %w(zlib yaml).each { |f| begin; require f; "
               "rescue LoadError; p $!; end }")
check(st == 0 and o.splitlines() == ["#<LoadError: no such file to load -- zlib>",
                                     "#<LoadError: no such file to load -- yaml/libyaml>"],
      "moved tree without its shared extensions: LoadError: %r %r" % (o, e))
# one that the loader refuses: its words and the path
with open(os.path.join(tree, "ext", "zlib.so"), "w") as f:
    f.write("not an object\n")
st, o, e = run(os.path.join(tree, "miniruby"), "begin; require 'zlib'; rescue LoadError; puts $!.message; end")
check(st == 0 and o.startswith(os.path.realpath(os.path.join(tree, "ext", "zlib.so")) + ": ") and
      o.rstrip().endswith(" - " + os.path.realpath(os.path.join(tree, "ext", "zlib.so"))),
      "a shared object the loader refuses: LoadError with its words: %r %r" % (o, e))

# the binary alone elsewhere: the folders it was built with
solo = os.path.join(TMP, "solo")
os.mkdir(solo)
shutil.copy(MINIRUBY, os.path.join(solo, "miniruby"))
st, o, e = run(os.path.join(solo, "miniruby"), "require 'set'; p Set[3]")
check(st == 0 and o == "#<Set: {3}>\n", "a lone binary falls back to its source tree: %r %r" % (o, e))

# the build's own binary: the source tree's lib/
st, o, e = run(MINIRUBY, "puts $:")
check(os.path.realpath(os.path.join(SRCDIR, "lib")) in [os.path.realpath(d) for d in o.splitlines()],
      "build tree: the source lib/ on $:: %r" % o)

shutil.rmtree(TMP)
finish()
