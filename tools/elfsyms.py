"""The function symbols of a 32-bit little-endian ELF (CircuitPython's
build for the Pico), to name the addresses of an emulated board's
profile (tools/pico.py ``--profile``).  Reads the symbol table alone; no
toolchain needed."""

import bisect
import struct


class Symbols:
    """``Symbols(path)``; ``name(address)``: the function (or object)
    whose bytes hold ``address``, else "?" and the address in hex."""

    def __init__(self, path):
        with open(path, "rb") as f:
            data = f.read()
        if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
            raise ValueError("%s: not a 32-bit little-endian ELF" % path)
        shoff, = struct.unpack_from("<I", data, 0x20)
        size, count = struct.unpack_from("<HH", data, 0x2E)
        sections = [struct.unpack_from("<IIIIIIIIII", data, shoff + i * size)
                    for i in range(count)]
        found = []
        for sec in sections:
            if sec[1] != 2:             # SHT_SYMTAB
                continue
            names = sections[sec[6]][4]     # its string table's offset
            for at in range(sec[4], sec[4] + sec[5], 16):
                name, value, length, info, _, _ = struct.unpack_from("<IIIBBH", data, at)
                if info & 0xF in (1, 2) and length:     # OBJECT, FUNC
                    end = data.index(b"\0", names + name)
                    # Thumb functions' addresses have bit 0 set.
                    found.append((value & ~1, length, data[names + name:end].decode()))
        found.sort()
        self._starts = [s[0] for s in found]
        self._symbols = found

    def name(self, address):
        i = bisect.bisect_right(self._starts, address) - 1
        if i >= 0:
            start, length, name = self._symbols[i]
            if address < start + length:
                return name
        return "?%08x" % address


def address(symbols, name):
    """The first address of function ``name`` (None if there is none)."""
    for start, _, n in symbols._symbols:
        if n == name:
            return start
    return None


def calls(hits, symbols):
    """{address: times it ran} -> {function: times its first instruction
    ran}, its calls (a function whose first instruction is also a loop's
    target counts its turns too; CircuitPython's start with a push)."""
    out = {}
    for address, n in hits.items():
        name = symbols.name(address)
        i = bisect.bisect_left(symbols._starts, address)
        if i < len(symbols._starts) and symbols._starts[i] == address:
            out[name] = out.get(name, 0) + n
    return out


def by_function(counts, symbols):
    """{address: cycles} -> [(function, cycles)], the most first."""
    out = {}
    for address, cycles in counts.items():
        name = symbols.name(address)
        out[name] = out.get(name, 0) + cycles
    return sorted(out.items(), key=lambda kv: -kv[1])
