"""How fast the LED ring flashes, measured from the app's scenes.

A flash is a pair of opposing changes in brightness, each at least
``THRESHOLD`` of full (WCAG 2's general flash: changes of 10% or more
of the maximum relative luminance).  Brightness is the relative
luminance of the app's colours at full scale (the ring's own brightness
and the player's Ring light only make a flash dimmer), of the whole
ring (its mean: the ring is one light on the table) and of each LED.
"""

THRESHOLD = 0.1
WINDOW_MS = 1000
LIMIT = 3       # flashes in any second, at most


def luminance(rgb):
    """Relative luminance, 0..1 (sRGB's weights, on the 0-255 values)."""
    return (0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]) / 255.0


def changes(samples):
    """The times of the changes of ``THRESHOLD`` or more in ``samples``
    [(t_ms, value)], each opposite to the one before: a value counts as
    changed once it is that far from the extreme since the last change."""
    out = []
    if not samples:
        return out
    lo = hi = samples[0][1]
    direction = 0
    for t, v in samples:
        if direction >= 0 and hi - v >= THRESHOLD:
            out.append(t)
            direction = -1
            lo = hi = v
        elif direction <= 0 and v - lo >= THRESHOLD:
            out.append(t)
            direction = 1
            lo = hi = v
        lo = min(lo, v)
        hi = max(hi, v)
    return out


def most_in_a_window(times):
    """The most flashes in any WINDOW_MS: half the changes in it (a
    ring lit and dark 150 ms each has 7 changes in some second: 3.5
    flashes, which is its 3.3 a second)."""
    best = 0
    j = 0
    for i in range(len(times)):
        while times[i] - times[j] >= WINDOW_MS:
            j += 1
        best = max(best, (i - j + 1) / 2.0)
    return best


def rates(frames):
    """``frames``: [(t_ms, leds)]; (the whole ring's most flashes in a
    second, the most of any one LED)."""
    ring = [(t, sum(luminance(c) for c in leds) / max(1, len(leds)))
            for t, leds in frames]
    worst = most_in_a_window(changes(ring))
    n = max(len(leds) for _, leds in frames) if frames else 0
    pixel = 0
    for i in range(n):
        one = [(t, luminance(leds[i]) if i < len(leds) else 0.0)
               for t, leds in frames]
        pixel = max(pixel, most_in_a_window(changes(one)))
    return worst, pixel
