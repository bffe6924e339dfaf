"""A FAT12 image of a CIRCUITPY drive, built on the host.

The emulated Pico cannot format or write its own flash (rp2040js does not
model flash erase or program through the SSI), so the drive is laid out
here before boot, the way CircuitPython formats its 1 MiB internal drive:
512-byte sectors, one sector per cluster, no partition table ("super
floppy"), FAT12.  Long names get VFAT long-name entries, so files like
``adafruit_pixelbuf.mpy`` keep their names.

    image = fat12_image({"code.py": b"...", "lib/primeplay/rng.py": b"..."})

Only what a freshly copied drive needs: files and folders, no timestamps
beyond a fixed date (reproducible images), no deletion.
"""

import struct

SECTOR = 512
ROOT_ENTRIES = 512
RESERVED = 1
FATS = 1
ENTRY = 32
ATTR_DIR = 0x10
ATTR_ARCHIVE = 0x20
ATTR_LFN = 0x0F
# 2026-01-01 00:00: a fixed stamp keeps images byte-identical between builds.
FAT_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1
SHORT_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789$%'-_@~`!(){}^#&")


class FatError(ValueError):
    pass


class _Dir:
    def __init__(self):
        self.children = {}  # name -> _Dir or bytes, in insertion order
        self.cluster = 0


def _tree(files):
    root = _Dir()
    for path in sorted(files):
        parts = [p for p in path.replace("\\", "/").split("/") if p]
        node = root
        for part in parts[:-1]:
            child = node.children.setdefault(part, _Dir())
            if not isinstance(child, _Dir):
                raise FatError("%s is both a file and a folder" % part)
            node = child
        node.children[parts[-1]] = bytes(files[path])
    return root


def _short_name(name, taken):
    """An 8.3 name for ``name`` unique among ``taken`` (11 bytes, padded)."""
    base, dot, ext = name.rpartition(".")
    if not dot:
        base, ext = name, ""
    up_base = "".join(c for c in base.upper() if c in SHORT_CHARS)
    up_ext = "".join(c for c in ext.upper() if c in SHORT_CHARS)[:3]
    exact = (up_base == base.upper() and len(base) <= 8 and up_ext == ext.upper()
             and len(ext) <= 3 and name == name.upper() and base)
    if exact:
        short = up_base.ljust(8) + up_ext.ljust(3)
        if short in taken:
            raise FatError("duplicate name %s" % name)
        return short, False
    for n in range(1, 1000):
        tail = "~%d" % n
        short = (up_base[:8 - len(tail)] + tail).ljust(8) + up_ext.ljust(3)
        if short not in taken:
            return short, True
    raise FatError("too many names like %s" % name)


def _lfn_checksum(short):
    total = 0
    for byte in short.encode("ascii"):
        total = (((total & 1) << 7) + (total >> 1) + byte) & 0xFF
    return total


def _lfn_entries(name, short):
    """The long-name entries for ``name``, in on-disk order (last part first)."""
    units = list(name.encode("utf-16-le"))
    chars = [units[i] | (units[i + 1] << 8) for i in range(0, len(units), 2)]
    if len(chars) > 255:
        raise FatError("name too long: %s" % name)
    if len(chars) % 13:
        chars.append(0)
        chars.extend([0xFFFF] * ((13 - len(chars) % 13) % 13))
    parts = [chars[i:i + 13] for i in range(0, len(chars), 13)]
    check = _lfn_checksum(short)
    out = []
    for seq, part in enumerate(parts, 1):
        order = seq | (0x40 if seq == len(parts) else 0)
        entry = struct.pack("<B5HBBB6HH2H", order, *part[0:5], ATTR_LFN, 0, check,
                            *part[5:11], 0, *part[11:13])
        out.append(entry)
    out.reverse()
    return out


def _short_entry(short, attr, cluster, size):
    return struct.pack("<11sBBBHHHHHHHI", short.encode("ascii"), attr, 0, 0, 0,
                       FAT_DATE, FAT_DATE, 0, 0, FAT_DATE, cluster, size)


def fat12_image(files, size=1024 * 1024, label="CIRCUITPY"):
    """The bytes of a FAT12 volume of ``size`` holding ``files``
    (drive path -> bytes)."""
    sectors = size // SECTOR
    root_sectors = ROOT_ENTRIES * ENTRY // SECTOR
    fat_sectors = 1
    while True:
        data_start = RESERVED + FATS * fat_sectors + root_sectors
        clusters = sectors - data_start
        if (clusters + 2) * 3 // 2 + 1 <= fat_sectors * SECTOR:
            break
        fat_sectors += 1
    if clusters >= 4085:
        raise FatError("%d bytes is too big for FAT12 with 512-byte clusters" % size)

    fat = [0] * (clusters + 2)
    fat[0], fat[1] = 0xFF8, 0xFFF
    data = bytearray(clusters * SECTOR)
    state = {"next": 2}

    def allocate(payload):
        count = max(1, -(-len(payload) // SECTOR))
        first = state["next"]
        if first + count > clusters + 2:
            raise FatError("the files do not fit a %d-byte drive" % size)
        for i in range(count):
            cluster = first + i
            fat[cluster] = cluster + 1 if i < count - 1 else 0xFFF
        offset = (first - 2) * SECTOR
        data[offset:offset + len(payload)] = payload
        state["next"] = first + count
        return first

    def entries_of(node, parent_cluster):
        """Directory entries of ``node``; allocates its files and sub-folders."""
        taken = set()
        out = []
        if node is not root:
            out.append(_short_entry(".          ", ATTR_DIR, node.cluster, 0))
            out.append(_short_entry("..         ", ATTR_DIR, parent_cluster, 0))
        for name, child in node.children.items():
            short, needs_lfn = _short_name(name, taken)
            taken.add(short)
            if needs_lfn:
                out.extend(_lfn_entries(name, short))
            if isinstance(child, _Dir):
                out.append((short, child))
            else:
                cluster = allocate(child) if child else 0
                out.append(_short_entry(short, ATTR_ARCHIVE, cluster, len(child)))
        return out

    def write_dir(node, parent_cluster):
        pending = entries_of(node, parent_cluster)
        # A folder needs its own cluster before its entry can point at it.
        count = len(pending)
        if node is not root:
            node.cluster = allocate(bytes(max(SECTOR, -(-count * ENTRY // SECTOR) * SECTOR)))
            pending[0] = _short_entry(".          ", ATTR_DIR, node.cluster, 0)
        blob = bytearray()
        subdirs = []
        for item in pending:
            if isinstance(item, tuple):
                short, child = item
                subdirs.append((len(blob), short, child))
                blob += bytes(ENTRY)
            else:
                blob += item
        for offset, short, child in subdirs:
            write_dir(child, node.cluster)
            blob[offset:offset + ENTRY] = _short_entry(short, ATTR_DIR, child.cluster, 0)
        if node is not root:
            start = (node.cluster - 2) * SECTOR
            data[start:start + len(blob)] = blob
        return blob

    root = _tree(files)
    label_entry = _short_entry(label.upper()[:11].ljust(11), 0x08, 0, 0)
    root_blob = label_entry + write_dir(root, 0)
    if len(root_blob) > root_sectors * SECTOR:
        raise FatError("too many files in the drive's root folder")

    boot = bytearray(SECTOR)
    boot[0:3] = b"\xEB\x3C\x90"
    boot[3:11] = b"MSDOS5.0"
    struct.pack_into("<HBHBHHBHHHII", boot, 11, SECTOR, 1, RESERVED, FATS,
                     ROOT_ENTRIES, sectors, 0xF8, fat_sectors, 63, 255, 0, 0)
    struct.pack_into("<BBBI11s8s", boot, 36, 0x80, 0, 0x29, 0x1234ABCD,
                     label.upper()[:11].ljust(11).encode("ascii"), b"FAT12   ")
    boot[510:512] = b"\x55\xAA"

    fat_bytes = bytearray(fat_sectors * SECTOR)
    for i in range(0, len(fat) - 1, 2):
        a, b = fat[i], fat[i + 1]
        fat_bytes[i * 3 // 2:i * 3 // 2 + 3] = bytes(
            (a & 0xFF, ((a >> 8) & 0x0F) | ((b & 0x0F) << 4), (b >> 4) & 0xFF))
    if len(fat) % 2:
        a = fat[-1]
        i = len(fat) - 1
        fat_bytes[i * 3 // 2] = a & 0xFF
        fat_bytes[i * 3 // 2 + 1] |= (a >> 8) & 0x0F

    image = bytearray(size)
    image[0:SECTOR] = boot
    for n in range(FATS):
        start = (RESERVED + n * fat_sectors) * SECTOR
        image[start:start + len(fat_bytes)] = fat_bytes
    root_start = (RESERVED + FATS * fat_sectors) * SECTOR
    image[root_start:root_start + len(root_blob)] = root_blob
    start = data_start * SECTOR
    image[start:start + len(data)] = data
    return bytes(image)



def read_files(image):
    """Drive path -> bytes for every file of a FAT12 or FAT16 volume, as
    CircuitPython (or ``fat12_image``) left it: the reading side, for
    checking what a board wrote to its own drive.  Long names are read
    from their VFAT entries; deleted entries and the volume label are
    skipped."""
    image = bytes(image)
    if image[510:512] != b"\x55\xAA":
        raise FatError("no FAT boot sector (no 55 AA signature)")
    (sector, per_cluster, reserved, fats, root_entries, small_total, _media,
     fat_sectors) = struct.unpack_from("<HBHBHHBH", image, 11)
    total = small_total or struct.unpack_from("<I", image, 32)[0]
    if not sector or not per_cluster or not fat_sectors:
        raise FatError("not a FAT12/16 boot sector")
    root_sectors = -(-root_entries * ENTRY // sector)
    fat_start = reserved * sector
    root_start = (reserved + fats * fat_sectors) * sector
    data_start = root_start + root_sectors * sector
    clusters = (total - data_start // sector) // per_cluster
    fat12 = clusters < 4085
    cluster_bytes = sector * per_cluster

    def next_cluster(n):
        if fat12:
            at = fat_start + n * 3 // 2
            pair = image[at] | (image[at + 1] << 8)
            value = pair >> 4 if n & 1 else pair & 0xFFF
            return value if value < 0xFF8 else None
        value = struct.unpack_from("<H", image, fat_start + 2 * n)[0]
        return value if value < 0xFFF8 else None

    def chain(first, size=None):
        out = bytearray()
        n, seen = first, set()
        while n is not None and n >= 2:
            if n in seen:
                raise FatError("cluster chain loops at %d" % n)
            seen.add(n)
            at = data_start + (n - 2) * cluster_bytes
            out += image[at:at + cluster_bytes]
            if size is not None and len(out) >= size:
                break
            n = next_cluster(n)
        if size is not None:
            if len(out) < size:
                raise FatError("a file's clusters hold %d of its %d bytes" % (len(out), size))
            return bytes(out[:size])
        return bytes(out)

    files = {}

    def walk(blob, prefix):
        long_parts = []
        for off in range(0, len(blob) - ENTRY + 1, ENTRY):
            entry = blob[off:off + ENTRY]
            if entry[0] == 0:
                break
            if entry[0] == 0xE5:
                long_parts = []
                continue
            attr = entry[11]
            if attr == ATTR_LFN:
                units = entry[1:11] + entry[14:26] + entry[28:32]
                long_parts.insert(0, units)
                continue
            if attr & 0x08:  # the volume label
                long_parts = []
                continue
            if long_parts:
                name = b"".join(long_parts).decode("utf-16-le").split("\0")[0]
            else:
                base = entry[0:8].decode("ascii", "replace").rstrip()
                ext = entry[8:11].decode("ascii", "replace").rstrip()
                # Windows NT's case bits (FatFs writes "code.py" as CODE.PY
                # with both): base and extension shown in lower case.
                if entry[12] & 0x08:
                    base = base.lower()
                if entry[12] & 0x10:
                    ext = ext.lower()
                name = base + ("." + ext if ext else "")
            long_parts = []
            if name in (".", ".."):
                continue
            first = struct.unpack_from("<H", entry, 26)[0]
            size = struct.unpack_from("<I", entry, 28)[0]
            if attr & ATTR_DIR:
                walk(chain(first), prefix + name + "/")
            else:
                files[prefix + name] = chain(first, size) if size else b""

    walk(image[root_start:root_start + root_entries * ENTRY], "")
    return files
