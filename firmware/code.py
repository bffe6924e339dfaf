"""primeplay: CircuitPython runs this file at boot; the firmware is runner.py.

CircuitPython compiles code.py from source at every start (about a third
of a second on a Pico, and the compiler's garbage on the heap before the
first frame), while the other modules come from the drive as .mpy: so
this file only hands over.
"""

import runner

runner.main()
