"""primeplay: prime-number games for a handheld, and their app."""

import sys

# Drop a game's modules when they are not needed (primeplay.app.games):
# on the boards' VMs (MicroPython, CircuitPython).  On CPython it gains
# nothing (its heap is not the board's) and would leave tests holding
# classes the app no longer uses; a test turns it on here, where the
# registry it may drop and import again reads it.
UNLOAD = sys.implementation.name != "cpython"


def lazy_attribute(package, public, namespace, name):
    """A game package's module ``__getattr__``: ``name`` from the
    submodule ``public`` names for it (or the submodule ``name`` itself),
    imported on first use, so that importing the package costs nothing.
    ``namespace`` is the package's globals().

    Any other name may be a submodule not imported yet: MicroPython asks
    the package's ``__getattr__`` first and, unlike CPython, does not look
    for a submodule itself when it raises."""
    if name.startswith("__"):
        raise AttributeError(name)
    module = public.get(name, name)
    try:
        __import__(package + "." + module)
    except ImportError:
        raise AttributeError(name)
    found = namespace[module]
    return found if module == name else getattr(found, name)
