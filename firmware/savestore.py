"""Where the saves live: 4 KB of flash, or a stand-in for it.

Each backend has ``nvm``, a writable bytes-like object of 4096 bytes in
which ``primeplay.save`` keeps its power-safe log of records (the app calls
``save.read(storage.nvm)`` and ``save.write(storage.nvm, record)``), and
two helpers for tests and debugging: ``read()``, the newest intact entry's
bytes or None, and ``clear()``, which erases everything.

``NvmStorage`` runs on the board over ``microcontroller.nvm`` (one flash
sector on an RP2040: a write into erased bytes programs them in place,
any other write erases and rewrites the sector; ``primeplay.save`` is
built around that).  ``FileStorage`` keeps the same 4 KB in a file for the
desktop simulator.

Not called ``storage.py``: CircuitPython has a built-in ``storage`` module,
and a built-in always wins over a file of the same name on the board.
"""

SIZE = 4096


class NvmStorage:
    """The save log in a bytearray-like ``nvm`` (``microcontroller.nvm``)."""

    def __init__(self, nvm):
        if nvm is None:
            raise ValueError("NvmStorage needs an nvm (microcontroller.nvm is None "
                             "on this board)")
        if len(nvm) < 256:
            raise ValueError("NvmStorage: an nvm of %d bytes is too small for saves"
                             % len(nvm))
        self.nvm = nvm

    def read(self):
        """The newest intact entry's bytes, or None; never raises."""
        from primeplay import save
        return save.newest(self.nvm)

    def clear(self):
        """Erase every save (one sector erase, unless already blank)."""
        n = len(self.nvm)
        blank = b"\xff" * n
        if bytes(self.nvm[0:n]) != blank:
            self.nvm[0:n] = blank


class FileNvm:
    """4 KB of "flash" in a file: reads come from memory, every write
    replaces the file (written to ``path + '.tmp'`` first, so a crash
    mid-write keeps the old file).  A missing or short file reads as
    erased flash."""

    def __init__(self, path, size=SIZE):
        self.path = str(path)
        data = b""
        try:
            with open(self.path, "rb") as f:
                data = f.read(size)
        except OSError:
            pass
        self.buf = bytearray(data + b"\xff" * (size - len(data)))

    def __len__(self):
        return len(self.buf)

    def __getitem__(self, index):
        return self.buf[index]

    def __setitem__(self, index, value):
        self.buf[index] = value
        self._flush()

    def _flush(self):
        import os
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(bytes(self.buf))
            try:
                f.flush()
                os.fsync(f.fileno())
            except (AttributeError, OSError):
                pass
        if hasattr(os, "replace"):
            os.replace(tmp, self.path)
        else:  # CircuitPython: rename does not overwrite
            try:
                os.remove(self.path)
            except OSError:
                pass
            os.rename(tmp, self.path)


class FileStorage(NvmStorage):
    """The save log in a file of 4 KB (desktop)."""

    def __init__(self, path, size=SIZE):
        NvmStorage.__init__(self, FileNvm(path, size))
        self.path = str(path)
