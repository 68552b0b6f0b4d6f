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
starts on a sector boundary by luck. `torn` lists the sectors a cut wiped.

FatFs' own sectors (`metadata=True`; off by default, so the sweeps in `make test`
measure the data sectors alone): the drive is laid out as CircuitPython formats it
(`geometry()`: partition table, one FAT, 512 root entries, then clusters; 2 MB:
FAT12, 512-byte clusters, the FAT at sector 64, the root directory at 76, cluster 2
at 108), and every FatFs write of them costs a unit and can be torn like data: a
new name's directory entries (a short 8.3 name one, a long name one per 13
characters and one more; a full subdirectory grows by a cluster), the entry again
at each sync of a written file (flush or close: size and time), the FAT sectors of
the clusters a file gained or lost (at that sync; a truncation's entry at the
open), a remove (entry marked deleted, then the FAT), a rename (MicroPython's VfsFat
removes an existing target first: two steps), a mkdir (FAT, the cleared cluster,
the parent's entry). A wiped directory sector takes every entry in it (the files
are gone, their clusters leaked; `lost` lists them); a wiped FAT sector reads
end-of-chain, so every chain with a link in it is cut (reads past the first
cluster fail: `broken`, OSError 5; a one-cluster file still reads); the first
cluster of the data area may share its erase sector with the root directory.
Allocation is FatFs' create_chain: a chain grows into the next cluster when it is
free, else into the first free one after the last allocated; a mount forgets the
last one (the search starts again at cluster 2, filling holes left by removes), and
a file rewritten with "w" reuses its own hole. Still not modelled: the RAM cache
that collects one sector's writes before it is programmed (every write here is on
flash at once), the free-cluster count FatFs keeps (FAT32's FSINFO: not on FAT12/16),
timestamps.
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
VOLUME = 2 * 1024 * 1024   # bytes of a CIRCUITPY drive on a 2 MB flash (PyBadge, PyGamer)
ROOT_USED = 16       # root directory entries the drive holds before the firmware's (label, .fseventsd,
                     # .metadata_never_index, .Trashes, .Trash-1000, settings.toml, code.py, lib, boot.py...)
JUNK = "\xff"        # a directory entry a cut wiped: reads 0xFF, neither free nor a file


def geometry(volume=VOLUME):
    """Where FatFs puts things on a CIRCUITPY drive of `volume` bytes, as CircuitPython formats it
    (supervisor/shared/filesystem.c: f_mkfs(FM_FAT, au=0), oofatfs' ff.c): 512-byte sectors, a
    partition table first (the volume starts at sector 63), 1 reserved sector, one FAT (FAT12 up
    to 4085 clusters, else FAT16), a root directory of 512 entries (32 sectors), then the data
    area; the cluster size from FatFs' table (1 sector below 16 MB... 2 MB: 512 bytes, 3988
    clusters, FAT at sectors 64-75, root directory 76-107, cluster 2 at sector 108)."""
    ss = 512
    sz_vol = volume // ss - 63
    n = sz_vol // 0x1000
    pau = 1
    for c in (1, 4, 16, 64, 256, 512):
        if c > n:
            break
        pau <<= 1
    while True:
        n_clst = sz_vol // pau
        fat12 = n_clst <= 4085
        nbytes = (n_clst * 3 + 1) // 2 + 3 if fat12 else n_clst * 2 + 4
        sz_fat = (nbytes + ss - 1) // ss
        n_clst = (sz_vol - 1 - sz_fat - 32) // pau
        if not fat12 and n_clst <= 4085 and pau < 128:
            pau *= 2
            continue
        break
    b_fat = 63 + 1
    return {"cluster": pau * ss, "sectors_per_cluster": pau, "fat12": fat12, "fat": b_fat * ss,
            "fat_size": sz_fat * ss, "root": (b_fat + sz_fat) * ss, "data": (b_fat + sz_fat + 32) * ss,
            "clusters": n_clst}


def entries_for(name):
    """Directory entries a name takes: one for a short name FatFs stores with case flags
    (8.3, body and extension each all lower or all upper case), else its long-name entries
    (13 characters each) and the short one."""
    body, dot, ext = name.rpartition(".")
    if not dot:
        body, ext = name, ""
    ok = (body and len(body) <= 8 and len(ext) <= 3 and name.count(".") <= 1 and not name.startswith(".")
          and all(ch.isalnum() or ch in "_-~" for ch in body + ext)
          and body in (body.lower(), body.upper()) and ext in (ext.lower(), ext.upper()))
    return 1 if ok else (len(name) + 12) // 13 + 1


class Flash:
    def __init__(self, root, save_dir="/saves", firmware_dir=None, tear=True, sector_size=SECTOR,
                 cluster_size=CLUSTER, reserved_clusters=RESERVED, capacity=CAPACITY, metadata=False,
                 volume=VOLUME, root_used=ROOT_USED):
        self.root = os.path.abspath(root)
        self.tear = tear
        self.sector_size = sector_size
        # metadata=True: FatFs' own sectors too (see the module docstring): the FAT and the
        # directories are written, and torn, like a file's data; allocation starts again from the
        # first free cluster at every mount, and a rewritten ("w") file reuses its hole
        self.metadata = metadata
        self.geo = geometry(volume) if metadata else None
        if metadata:
            cluster_size = self.geo["cluster"]
            capacity = self.geo["clusters"] + 2
        self.cluster_size = cluster_size
        self.capacity = capacity
        self.first = 2 if metadata else 0        # the first cluster number of the data area
        self.base = self.geo["data"] - 2 * cluster_size if metadata else 0
        self.chains = {}           # host path -> [cluster, ...] in file order (directories too)
        self.used = set(range(self.first, self.first + reserved_clusters))
        self.last = self.first + reserved_clusters - 1   # FatFs' last_clst: allocation goes on after it
        self.torn = []             # sector numbers a power cut wiped
        self.dirs = {}             # host directory -> its entries: name, None (free) or JUNK
        self.broken = set()        # files whose cluster chain a torn FAT sector cut: reads fail
        self.lost = []             # device paths a torn directory or FAT sector took
        self.meta_units = []       # units spent before each FAT/directory sector write
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
        if metadata:
            self.dirs[self.root] = ["(drive)"] * root_used + [None] * (512 - root_used)
        parent = os.path.dirname(self.save_dir)
        if parent and parent != "/":
            os.makedirs(self.root + parent, exist_ok=True)
        for dirpath, dirs, files in sorted(os.walk(self.root)):  # a flash directory used before
            for name in sorted(dirs):
                self._new_dir(os.path.join(dirpath, name))
            for name in sorted(files):
                host = os.path.join(dirpath, name)
                self._register(host)
                self._grow(host, os.path.getsize(host))

    # -- placement (FAT clusters on 4 KB erase sectors) -----------------------
    def _alloc(self, prev=None):
        """One free cluster, as FatFs' create_chain finds it: after `prev` if that one is free
        (a chain stretched contiguously), else the first free one after the last allocated."""
        if self.metadata and prev is not None:
            n = prev + 1 if prev + 1 < self.capacity else self.first
            if n not in self.used:
                self.used.add(n)
                self.last = n
                return n
        c = self.last if self.first <= self.last < self.capacity else self.first - 1
        for _ in range(self.capacity):
            c += 1
            if c >= self.capacity:
                c = self.first
            if c not in self.used:
                break
        else:
            raise OSError(28, "No space left on device")
        self.used.add(c)
        self.last = c
        return c

    def _grow(self, host, size):
        """The file's cluster chain covers `size` bytes; returns the FAT sectors that changed."""
        chain = self.chains.setdefault(host, [])
        need = (size + self.cluster_size - 1) // self.cluster_size
        fat = []
        while len(chain) < need:
            prev = chain[-1] if chain else None
            c = self._alloc(prev)
            chain.append(c)
            fat += self._fat_sectors(c) + (self._fat_sectors(prev) if prev is not None else [])
        return fat

    def _fat_sectors(self, c):
        """The erase sectors holding cluster c's FAT entry (FAT12: 1.5 bytes, FAT16: 2)."""
        if not self.metadata:
            return []
        off = c + c // 2 if self.geo["fat12"] else 2 * c
        return sorted({(self.geo["fat"] + off) // self.sector_size, (self.geo["fat"] + off + 1) // self.sector_size})

    # -- directories (metadata=True) ---------------------------------------
    def _entry_address(self, d, i):
        if d == self.root:
            return self.geo["root"] + 32 * i
        per = self.cluster_size // 32
        chain = self.chains.get(d, ())
        if i // per >= len(chain):
            return None
        return self.base + chain[i // per] * self.cluster_size + (i % per) * 32

    def _entry_sectors(self, host):
        """The erase sectors holding the directory entries of `host` (a file or directory)."""
        if not self.metadata:
            return []
        d = os.path.dirname(host)
        name = os.path.basename(host)
        out = []
        for i, v in enumerate(self.dirs.get(d, ())):
            if v == name:
                a = self._entry_address(d, i)
                if a is not None and a // self.sector_size not in out:
                    out.append(a // self.sector_size)
        return out

    def _register(self, host):
        """Entries for a new name in its directory (FatFs' dir_alloc: the first run of free ones;
        a full subdirectory grows by a cluster). Returns the sectors to write."""
        if not self.metadata:
            return []
        d = os.path.dirname(host)
        slots = self.dirs.get(d)
        if slots is None:
            return []
        n = entries_for(os.path.basename(host))
        sectors = []
        while True:
            run = 0
            for i, v in enumerate(slots):
                run = run + 1 if v is None else 0
                if run == n:
                    for j in range(i - n + 1, i + 1):
                        slots[j] = os.path.basename(host)
                    return sectors + self._entry_sectors(host)
            if d == self.root:
                raise OSError(28, "No space left in the root directory")
            chain = self.chains[d]
            c = self._alloc(chain[-1])
            chain.append(c)
            slots.extend([None] * (self.cluster_size // 32))
            sectors += self._fat_sectors(c) + self._fat_sectors(chain[-2]) + self._cluster_sectors(c)

    def _unregister(self, host):
        d = os.path.dirname(host)
        name = os.path.basename(host)
        slots = self.dirs.get(d, [])
        for i, v in enumerate(slots):
            if v == name:
                slots[i] = None   # 0xE5: deleted, free again

    def _new_dir(self, host):
        """A subdirectory: one cluster ("." and ".." first) and its entry in the parent. Returns
        the sectors FatFs writes (the FAT, the cleared cluster, the parent's entry)."""
        if not self.metadata:
            return []
        c = self._alloc()
        self.chains[host] = [c]
        self.dirs[host] = [".", ".."] + [None] * (self.cluster_size // 32 - 2)
        return self._fat_sectors(c) + self._cluster_sectors(c) + self._register(host)

    def _cluster_sectors(self, c):
        a = self.base + c * self.cluster_size
        return list(range(a // self.sector_size, (a + self.cluster_size - 1) // self.sector_size + 1))

    def _meta(self, sectors):
        """FatFs writes these FAT/directory sectors (one unit each, in order); a cut wipes the one
        being written."""
        if not self.metadata:
            return
        done = []
        for sector in sectors:
            if sector in done:
                continue
            done.append(sector)
            self.meta_units.append(self.spent)   # arm(this) cuts at this write
            was_dead = self.dead
            try:
                self.spend(1)
            except PowerCut:
                if not was_dead and self.tear:
                    self.wipe_sector(sector)
                raise

    def _lose(self, host):
        """A file or directory whose entry a cut wiped: gone, its clusters leaked (still marked
        in use in the FAT: nothing frees them)."""
        for d in [d for d in self.dirs if d == host or d.startswith(host + "/")]:
            del self.dirs[d]
        for h in [h for h in self.chains if h == host or h.startswith(host + "/")]:
            del self.chains[h]
            self.broken.discard(h)
        if host in self.broken:
            self.broken.discard(host)
        d = os.path.dirname(host)
        name = os.path.basename(host)
        for i, v in enumerate(self.dirs.get(d, [])):
            if v == name:
                self.dirs[d][i] = JUNK   # its other (long-name) entries: orphans, not free
        self.lost.append(host[len(self.root):] or "/")
        if os.path.isdir(host):
            for dirpath, dirs, files in sorted(os.walk(host, topdown=False)):
                for name in files:
                    _real["remove"](os.path.join(dirpath, name))
                _real["rmdir"](dirpath)
        elif _exists(host):
            _real["remove"](host)

    def _tear_metadata(self, lo, hi):
        """A wiped erase sector [lo, hi) as FatFs sees it afterwards."""
        victims = []
        for d, slots in sorted(self.dirs.items()):
            for i, v in enumerate(slots):
                a = self._entry_address(d, i)
                if a is None or not lo <= a < hi:
                    continue
                if v is not None and v != JUNK and v not in (".", ".."):
                    victims.append(os.path.join(d, v))
                slots[i] = JUNK        # 0xFF: neither a file nor free
        fat, size = self.geo["fat"], self.geo["fat_size"]
        if lo < fat + size and hi > fat:
            torn = set()
            for c in range(self.first, self.capacity):
                if any(lo <= (fat + b) < hi for b in self._fat_offsets(c)):
                    torn.add(c)
            for host, chain in sorted(self.chains.items()):
                for k, c in enumerate(chain[:-1]):
                    if c in torn:          # its link reads 0xFFF (end of chain): the rest is cut off
                        if host in self.dirs:
                            per = self.cluster_size // 32
                            for i, v in enumerate(self.dirs[host]):
                                if i // per > k and v not in (None, JUNK, ".", ".."):
                                    victims.append(os.path.join(host, v))
                        else:
                            self.broken.add(host)
                        break
            self.used |= torn          # free clusters whose entry now reads "end of chain": leaked
        for v in victims:
            if v not in [x for x in victims[:victims.index(v)]]:
                self._lose(v)

    def _fat_offsets(self, c):
        off = c + c // 2 if self.geo["fat12"] else 2 * c
        return (off, off + 1)

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
        return self.base + chain[i] * self.cluster_size + offset % self.cluster_size

    def wipe_sector(self, sector):
        """A cut while this sector was being rewritten: every file byte in it reads 0xFF (with
        metadata: directory entries in it are gone, FAT entries in it read end-of-chain)."""
        self.torn.append(sector)
        lo, hi = sector * self.sector_size, (sector + 1) * self.sector_size
        for host, chain in sorted(self.chains.items()):
            if host in self.dirs or not _exists(host):
                continue
            size = os.path.getsize(host)
            for i, c in enumerate(chain):
                a = self.base + c * self.cluster_size
                if lo <= a < hi and i * self.cluster_size < size:
                    start = i * self.cluster_size
                    n = min(self.cluster_size, size - start)
                    with _real_open(host, "r+b") as f:
                        f.seek(start)
                        f.write(b"\xff" * n)
        if self.metadata:
            self._tear_metadata(lo, hi)

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
        if self.metadata:
            self.last = self.first - 1   # FatFs' mount: last_clst unknown, the next search starts at 2

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
        if host in self.broken and "w" not in mode:
            raise OSError(5, "Input/output error (its FAT chain was cut)")
        if writing:
            self.spend(1)
            existed = _exists(host)
            fat = []
            entry = []
            if "w" in mode and existed:
                chain = self.chains.get(host, [])
                for c in chain:
                    fat += self._fat_sectors(c)
                entry = self._entry_sectors(host)   # size 0, no cluster: written before the FAT
                self._free(host)  # truncated: FatFs frees the chain
                self.broken.discard(host)
                if self.metadata and chain:
                    self.last = chain[0] - 1         # FatFs: the hole is reused
            f = _real_open(host, mode, *args, **kwargs)
            try:
                if not existed:
                    entry = self._register(host)
                self._meta(entry)
            except BaseException:
                f.close()
                raise
            ff = _FlashFile(self, f, self._device_path(file), host, "a" in mode)
            ff.fat = fat                     # written at the next sync, with the entry
            ff.modified = bool(fat) or not existed
            return ff
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
            if name == "mkdir":
                self._meta(self._new_dir(host))
            else:
                sectors = self._entry_sectors(host)
                for c in self.chains.get(host, []):
                    sectors += self._fat_sectors(c)
                self._unregister(host)
                self._free(host)
                self.broken.discard(host)
                self.dirs.pop(host, None)
                self._meta(sectors)   # the entry marked deleted, then the chain freed
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
        if self.metadata and _exists(hd):
            # MicroPython's VfsFat: f_rename refuses an existing target, so the target is
            # removed first, then the rename: two steps, a cut may fall between them
            self._op("remove", dst)
        self.spend(1)
        os.replace(hs or src, hd or dst)  # without metadata: atomic
        self._move(hs or src, hd or dst)  # the clusters stay where they are
        if self.metadata:
            old = self._entry_sectors(hs)
            broken = hs in self.broken
            self._unregister(hs)
            self.broken.discard(hs)
            if broken:
                self.broken.add(hd)
            new = self._register(hd)
            self._meta(new + old)   # the new entry, then the old one marked deleted
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
        self.fat = []          # FAT sectors changed since the last sync (metadata=True)
        self.modified = False  # the directory entry is rewritten at the next sync

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
        if flash.metadata and pos is not None and raw and not flash.dead:
            self.fat += flash._grow(self._host, pos + len(raw))  # pylint: disable=protected-access
            self.modified = True
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

    def _sync(self):
        """FatFs' f_sync (MicroPython's flush and close): the FAT sectors this file changed, then
        its directory entry (size, time) -- both written whenever the file was written."""
        if self.modified:
            sectors = self.fat + self._flash._entry_sectors(self._host)  # pylint: disable=protected-access
            self.fat = []
            self.modified = False
            self._flash._meta(sectors)  # pylint: disable=protected-access

    def flush(self):
        if self._flash.dead:
            raise PowerCut("flash after power cut")
        self._f.flush()
        self._sync()

    def close(self):
        self._f.close()
        if not self._closed and not self._flash.dead:
            self._closed = True
            self._sync()
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
