"""The battery: VSYS read through the board profile's divider pin, and
whether USB powers the board.

On a Pico, VSYS reaches GPIO29 (``board.VOLTAGE_MONITOR``) through 200k
over 100k, a third of it, and GPIO24 (``board.VBUS_SENSE``) is high while
USB supplies power.  Profile keys: "vsys_pin", "vsys_scale" (the
divider's ratio), "vbus_pin", "battery_low_mv"; a board without
"vsys_pin" has no ``Battery``.

Reads are slow for the loop only in number: eight ADC samples, about
20 us each, taken as often as firmware/dimmer.py's ``EVERY_MS`` says.
"""

SAMPLES = 8
# Under this the pin is not reading VSYS: the Pico stops below 1.8 V, so
# a lower figure is a pin left unwired (or an emulator's silent ADC).
NOTHING_MV = 1500


class Battery:
    """``read()``: (millivolts, on USB) or None.  ``adc`` and ``vbus``
    (objects with ``.value``) stand in for the pins in tests and the
    simulator."""

    def __init__(self, profile, adc=None, vbus=None, reference=3.3):
        self.scale = profile.get("vsys_scale", 3)
        self.low_mv = profile.get("battery_low_mv", 3400)
        self.reference = reference
        self._owned = []
        # The pins by name, as the device adapter finds its own.
        from device import _pin  # pylint: disable=import-outside-toplevel
        if adc is None:
            import analogio  # pylint: disable=import-outside-toplevel
            adc = analogio.AnalogIn(_pin(profile["vsys_pin"]))
            self.reference = adc.reference_voltage or reference
            self._owned.append(adc)
        if vbus is None and profile.get("vbus_pin"):
            import digitalio  # pylint: disable=import-outside-toplevel
            vbus = digitalio.DigitalInOut(_pin(profile["vbus_pin"]))
            self._owned.append(vbus)      # an input, as it starts
        self.adc = adc
        self.vbus = vbus

    def read(self):
        total = 0
        for _ in range(SAMPLES):
            total += self.adc.value
        # value is 0..65535 for 0..reference volts at the pin.
        mv = int(total * self.reference * self.scale * 1000 / (SAMPLES * 65535)
                 + 0.5)
        if mv < NOTHING_MV:
            return None
        usb = bool(self.vbus.value) if self.vbus is not None else False
        return mv, usb

    def deinit(self):
        for part in self._owned:
            part.deinit()
        self._owned = []

