"""The device's flash: a host directory, with power cuts on demand.

The firmware reads and writes files with the plain `open`, `os.remove`,
`os.rename`, `os.mkdir`, `os.listdir`, `os.stat`, `os.sync` it uses on
CircuitPython. While firmware code runs, `Flash.installed()` routes those
calls: device paths (relative ones, the profile's SAVE_DIR, and top-level
names that exist on the device) go to the flash directory, reads fall back to
the deployed firmware directory (fonts, settings), and every other path is
left alone (host libraries loading their own resources keep working).

Power cuts: `arm(units)` lets the firmware spend `units` more flash units --
one per byte written, one per file opened for writing (the truncation),
rename, remove, mkdir and rmdir -- and then raises `PowerCut` at the exact
byte: a write is cut short with its first bytes on flash. After a cut every
flash operation raises `PowerCut` again until the machine reboots, so nothing
"after the power went" can reach the flash. `PowerCut` derives from
BaseException, so a firmware's `except Exception` cannot swallow it.

Simplification, documented: bytes handed to write() are on flash at once
(no write-back cache), so a cut never loses a completed write; what it can
do is stop a write half-way, or come between a write and the rename or sync
that was meant to follow.

Erase sectors (`tear=True`, the default): a CircuitPython board rewrites flash a
whole 4 KB erase sector at a time (its flash cache erases the sector, then
programs it back), so a cut during a write may wipe the whole sector being
written: every byte of every file lying in it reads 0xFF afterwards. Files get
their places as on the board's FAT: clusters of `cluster_size` bytes (512 on a
2 MB CIRCUITPY drive, FatFs' default there), allocated next-fit after the last
one allocated (FatFs' create_chain), freed when a file is truncated ("w") or
removed, kept by a rename; the first `reserved_clusters` hold the files a user
copies (boot_out.txt, code.py, settings.toml), so nothing the firmware writes
starts on a sector boundary by luck. `torn` lists the sectors a cut wiped. Not
modelled: the FAT and directory sectors themselves (a cut during a rename,
remove or truncation changes only that one file).
"""

import builtins
import os

_real_open = builtins.open
_real = {}
for _name in ("remove", "rename", "mkdir", "rmdir", "listdir", "stat", "sync", "statvfs", "unlink"):
    _real[_name] = getattr(os, _name, None)


def _host_prefixes():
    import sys
    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, "/usr", "/lib", "/lib64", "/etc", "/dev",
             "/proc", "/sys", "/opt", "/nix"}
    for p in sys.path:
        if p and p.startswith("/") and ("site-packages" in p or "/python3" in p):
            roots.add(p)
    return sorted(r.rstrip("/") for r in roots if r and r != "/")


def _exists(path):
    try:
        _real["stat"](path)
        return True
    except OSError:
        return False


class PowerCut(BaseException):
    """The power went: the firmware stops here, the flash keeps what it had."""


SECTOR = 4096        # bytes per erase sector of the board's flash
CLUSTER = 512        # bytes per FAT cluster on a small CIRCUITPY drive
RESERVED = 3         # clusters the user's own files hold before the firmware writes any
CAPACITY = 4096      # clusters (2 MB)


class Flash:
    def __init__(self, root, save_dir="/saves", firmware_dir=None, tear=True, sector_size=SECTOR,
                 cluster_size=CLUSTER, reserved_clusters=RESERVED, capacity=CAPACITY):
        self.root = os.path.abspath(root)
        self.tear = tear
        self.sector_size = sector_size
        self.cluster_size = cluster_size
        self.capacity = capacity
        self.chains = {}           # host path -> [cluster, ...] in file order
        self.used = set(range(reserved_clusters))
        self.last = reserved_clusters - 1   # FatFs' last_clst: allocation goes on after it
        self.torn = []             # sector numbers a power cut wiped
        self.save_dir = save_dir.rstrip("/") or "/"
        self.firmware_dir = os.path.abspath(firmware_dir) if firmware_dir else None
        self.budget = None  # units left before the cut; None = no cut armed
        self.spent = 0      # units spent since the last reset_counter()
        self.dead = False
        self.cuts = 0
        self.completed = []  # (units spent when a file opened for writing was closed, device path)
        self.op_hooks = []   # callables(flash) after each completed write/rename/remove/mkdir
        self.writable = True  # False: CIRCUITPY read-only to code (boot.py did not remount it)
        os.makedirs(self.root, exist_ok=True)
        parent = os.path.dirname(self.save_dir)
        if parent and parent != "/":
            os.makedirs(self.root + parent, exist_ok=True)
        for dirpath, _dirs, files in sorted(os.walk(self.root)):  # a flash directory used before
            for name in sorted(files):
                host = os.path.join(dirpath, name)
                self._grow(host, os.path.getsize(host))

    # -- placement (FAT clusters on 4 KB erase sectors) -----------------------
    def _grow(self, host, size):
        """The file's cluster chain covers `size` bytes (next-fit allocation)."""
        chain = self.chains.setdefault(host, [])
        need = (size + self.cluster_size - 1) // self.cluster_size
        while len(chain) < need:
            c = self.last
            for _ in range(self.capacity):
                c = (c + 1) % self.capacity
                if c not in self.used:
                    break
            else:
                raise OSError(28, "No space left on device")
            self.used.add(c)
            self.last = c
            chain.append(c)

    def _free(self, host):
        for c in self.chains.pop(host, ()):
            self.used.discard(c)

    def _move(self, src, dst):
        if src == dst:
            return
        self._free(dst)
        if src in self.chains:
            self.chains[dst] = self.chains.pop(src)

    def address(self, host, offset):
        """The flash address of byte `offset` of a file (None past its chain)."""
        chain = self.chains.get(host, ())
        i = offset // self.cluster_size
        if i >= len(chain):
            return None
        return chain[i] * self.cluster_size + offset % self.cluster_size

    def wipe_sector(self, sector):
        """A cut while this sector was being rewritten: every file byte in it reads 0xFF."""
        self.torn.append(sector)
        first = sector * self.sector_size // self.cluster_size
        last = (sector + 1) * self.sector_size // self.cluster_size
        for host, chain in sorted(self.chains.items()):
            size = os.path.getsize(host) if _exists(host) else 0
            for i, c in enumerate(chain):
                if first <= c < last and i * self.cluster_size < size:
                    start = i * self.cluster_size
                    n = min(self.cluster_size, size - start)
                    with _real_open(host, "r+b") as f:
                        f.seek(start)
                        f.write(b"\xff" * n)

    def _cut_at(self, host, offset):
        """The power went while byte `offset` of `host` was being written."""
        if not self.tear:
            return
        self._grow(host, offset + 1)
        addr = self.address(host, offset)
        if addr is not None:
            self.wipe_sector(addr // self.sector_size)

    # -- power --------------------------------------------------------------
    def arm(self, units):
        """Cut the power after `units` more flash units (None: never)."""
        self.budget = units

    def reboot(self):
        """Power back on: the flash works again. An armed cut that has not fired stays armed
        (so a cut can be armed before the first boot); one that fired is used up."""
        self.dead = False
        if self.budget == 0:
            self.budget = None

    def reset_counter(self):
        self.spent = 0

    def spend(self, units, filesystem=True):
        """Units granted out of `units` (raises PowerCut when none are).

        filesystem=False: NVM, which is writable whatever boot.py did to CIRCUITPY.
        """
        if filesystem and not self.writable and not self.dead:
            raise OSError(30, "Read-only filesystem")
        if self.dead:
            raise PowerCut("flash after power cut")
        if self.budget is None:
            self.spent += units
            return units
        granted = min(units, self.budget)
        self.budget -= granted
        self.spent += granted
        if granted < units:
            self.dead = True
            self.cuts += 1
            if granted == 0:
                raise PowerCut("power cut")
        return granted

    def _done(self):
        for hook in self.op_hooks:
            hook(self)

    # -- paths --------------------------------------------------------------
    def _device_path(self, path):
        """The device-absolute path for `path`, or None if it is a host path.

        While firmware code runs every path is the device's -- relative ones are
        relative to its root -- except the host's own installation (the Python
        prefix, system directories), where libraries such as Blinka's fonts live.
        """
        if isinstance(path, bytes):
            path = path.decode()
        if not isinstance(path, str):
            return None
        if not path.startswith("/"):
            return "/" + path if path not in ("", ".") else "/"
        if path == self.save_dir or path.startswith(self.save_dir + "/"):
            return path
        for prefix in _host_prefixes() + [os.path.dirname(self.root)] + ([self.firmware_dir] if self.firmware_dir else []):
            if path == prefix or path.startswith(prefix + "/"):
                return None
        return path

    def host_path(self, path, for_write=False):
        """Where a device path lives on the host (flash first, then firmware)."""
        dev = self._device_path(path)
        if dev is None:
            return None
        on_flash = self.root + dev if dev != "/" else self.root
        if for_write or self.firmware_dir is None or _exists(on_flash):
            return on_flash
        deployed = self.firmware_dir + dev if dev != "/" else self.firmware_dir
        if _exists(deployed):
            return deployed
        return on_flash

    # -- the patched calls ----------------------------------------------------
    def open(self, file, mode="r", *args, **kwargs):
        writing = any(c in mode for c in "wax+")
        host = self.host_path(file, for_write=writing) if not isinstance(file, int) else None
        if host is None:
            return _real_open(file, mode, *args, **kwargs)
        if writing:
            self.spend(1)
            if "w" in mode:
                self._free(host)  # truncated: FatFs frees the chain
            f = _real_open(host, mode, *args, **kwargs)
            return _FlashFile(self, f, self._device_path(file), host, "a" in mode)
        return _real_open(host, mode, *args, **kwargs)

    def _op(self, name, path, *more):
        host = self.host_path(path, for_write=name != "listdir" and name != "stat")
        if host is None:
            return _real[name](path, *more)
        if name in ("remove", "unlink", "mkdir", "rmdir"):
            if name == "mkdir" and _exists(host):
                return _real[name](host)  # fails (exists) without writing anything
            self.spend(1)
            result = _real[name](host)
            if name in ("remove", "unlink"):
                self._free(host)
            self._done()
            return result
        if name == "listdir":
            return sorted(_real["listdir"](host))
        if name == "stat":
            return _real["stat"](host)
        raise AssertionError(name)

    def rename(self, src, dst):
        hs = self.host_path(src, for_write=True)
        hd = self.host_path(dst, for_write=True)
        if hs is None and hd is None:
            return _real["rename"](src, dst)
        self.spend(1)
        os.replace(hs or src, hd or dst)  # atomic, like a FAT rename on CircuitPython
        self._move(hs or src, hd or dst)  # the clusters stay where they are
        self._done()

    def sync(self):
        if self.dead:
            raise PowerCut("flash after power cut")

    def statvfs(self, path):
        host = self.host_path(path)
        return _real["statvfs"](host or path)

    def install(self):
        builtins.open = self.open
        os.remove = lambda p: self._op("remove", p)
        os.unlink = lambda p: self._op("unlink", p)
        os.mkdir = lambda p, *m: self._op("mkdir", p)
        os.rmdir = lambda p: self._op("rmdir", p)
        os.listdir = lambda p=".": self._op("listdir", p)
        os.stat = lambda p, *a, **k: self._op("stat", p) if self.host_path(p) else _real["stat"](p, *a, **k)
        os.rename = self.rename
        os.sync = self.sync
        os.statvfs = self.statvfs

    def uninstall(self):
        builtins.open = _real_open
        for name, fn in _real.items():
            if fn is not None:
                setattr(os, name, fn)

    def __enter__(self):
        self.install()
        return self

    def __exit__(self, *exc):
        self.uninstall()
        return False


class _FlashFile:
    """A file opened for writing on the flash: every byte is paid for."""

    def __init__(self, flash, f, path, host=None, append=False):
        self._flash = flash
        self._f = f
        self._path = path
        self._host = host
        self._append = append
        self._closed = False

    def write(self, data):
        if isinstance(data, str):
            raw = data.encode()
        else:
            raw = bytes(data)
        flash = self._flash
        pos = None
        if self._host is not None and raw:
            self._f.flush()
            pos = os.path.getsize(self._host) if self._append else self._f.tell()
        was_dead = flash.dead
        try:
            granted = flash.spend(len(raw)) if raw else 0
        except PowerCut:
            if not was_dead and pos is not None:
                flash._cut_at(self._host, pos)  # pylint: disable=protected-access
            raise
        if pos is not None:
            flash._grow(self._host, pos + granted)  # pylint: disable=protected-access
        if granted < len(raw):
            self._f.flush()
            target = getattr(self._f, "buffer", self._f)
            if granted:
                target.write(raw[:granted])
            target.flush()
            self._f.close()
            self._closed = True
            if pos is not None:
                flash._cut_at(self._host, pos + granted)  # pylint: disable=protected-access
            raise PowerCut("power cut during write")
        n = self._f.write(data)
        self._f.flush()
        return n

    def flush(self):
        if self._flash.dead:
            raise PowerCut("flash after power cut")
        self._f.flush()

    def close(self):
        self._f.close()
        if not self._closed and not self._flash.dead:
            self._closed = True
            self._flash.completed.append((self._flash.spent, self._path))
            self._flash._done()  # pylint: disable=protected-access
        self._closed = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __getattr__(self, name):
        return getattr(self._f, name)
