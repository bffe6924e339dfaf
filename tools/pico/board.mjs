// The emulated primeplay board: a Raspberry Pi Pico (rp2040js) running
// CircuitPython, with an SSD1306 on I2C, a WS2812 ring and push buttons.
//
// tools/pico.py starts this program and talks to it in JSON lines:
//   stdin   {"cmd": "run", "ms": 500, "until": "text"}    run emulated time
//           {"cmd": "pin", "gpio": 14, "value": false}    drive a button pin
//           {"cmd": "serial", "hex": "03"}                 type on the console
//           {"cmd": "flash", "path": "f.bin", "journal": true}
//                                      the flash image to a file, and the
//                                      journal of erases and programs since
//                                      the last "flash" (kept from now on if
//                                      "journal")
//           {"cmd": "cut", "ops": 3, "part": 0.5}          cut the power during
//                                      the 3rd flash erase/program from now,
//                                      after half of its bytes
//           {"cmd": "power", "vsys": 3.3, "vbus": false}
//                                      what the supply gives: VSYS volts on
//                                      ADC3 (GPIO29) through the Pico's
//                                      200k/100k divider, and VBUS_SENSE
//                                      (GPIO24) high on USB power
//           {"cmd": "quit"}
//   stdout  {"t": ns, "awake": ns, "halted": why, "xip": {...}, "events": [...]}
//           after each command ("awake": how long of the run the core was
//           not sleeping; "halted": null, "power cut" or "reset"; "xip":
//           the flash cache's counts since the last reply, see below), where
//           an event is
//           ["console", t, hex]             bytes the board wrote over USB CDC
//           ["i2c", t0, t1, addr, hex]      one hardware I2C write transaction
//           ["leds", t, hex]                one WS2812 frame (wire byte order)
//           ["tone", t0, t1, hz, duty]      the piezo's pin (config.piezo_pin)
//                                           square at hz, high duty (0-1) of
//                                           each period, from t0 to t1
//           ["flash", t, {ops, halted, commands, journal}]  the answer to
//                                           "flash": erases and programs so far,
//                                           why the core stopped (null, "power
//                                           cut", "reset"), SPI commands seen,
//                                           [n, start, before, after] per
//                                           operation (hex) if kept
// The first line, before any command, is {"ready": true}.
//
// Config keys (a JSON file, argv[2]): flash, bootrom, i2c_bus, sda, scl,
// oled_address, pixel_pin, piezo_pin, buttons, flash_writes (see pico.py),
// and "flash_timing" (default true): the XIP cache and the flash's
// program and erase times below; false runs as rp2040js does, faster on
// the host and every flash access free.
//
// Everything that is not CircuitPython's own code lives here: what the
// parts on the board do, and the places where rp2040js 1.4.1 differs from
// silicon in ways CircuitPython trips over (each marked QUIRK).  Time is
// emulated: nothing depends on the host's clock, so a run is repeatable.

import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { RP2040, USBCDC } from 'rp2040js';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
// The XIP cache and the flash's busy times (see "XIP cache" and "SPI flash").
const flashTiming = config.flash_timing !== false;
const FUNCTION_SIO = 5;
const WS2812_ONE_NS = 625; // a high pulse longer than this is a 1 (T0H 400, T1H 800)
const WS2812_LATCH_NS = 50000; // low this long ends a frame

const mcu = new RP2040();
mcu.logger.currentLogLevel = 3; // errors only: the core logs every SEV
mcu.loadBootrom(new Uint32Array(new Uint8Array(readFileSync(config.bootrom)).buffer));
// Loaded once, after loadBootrom: rp2040js's reset() (which loadBootrom
// calls) fills the flash with 0xFF.
const flashImage = readFileSync(config.flash);
mcu.flash.set(flashImage);
const { core, clock } = mcu;

let events = [];
let awake = 0;

// QUIRK: the QSPI chip-select reads low in rp2040js, which CircuitPython's
// safe-mode check takes for a held BOOTSEL button: it would wait forever.
// (IO_QSPI is not modelled, so its pad never gets input enabled: the pin
// is made to read high whatever its pad says.)
Object.defineProperty(mcu.qspi[1], 'inputValue', { get: () => true });

// QUIRK: CircuitPython sleeps with WFE under PRIMASK and relies on
// SCR.SEVONPEND, which rp2040js does not model: an interrupt that goes
// pending just before the sleep would leave the core asleep for good.  An
// interrupt going from inactive to pending while the core is awake sets
// the event register, as SEVONPEND does on silicon.
const setInterrupt = core.setInterrupt.bind(core);
core.setInterrupt = (irq, value) => {
  if (value && !(core.pendingInterrupts & (1 << irq)) && !core.waiting) {
    core.eventRegistered = true;
  }
  setInterrupt(irq, value);
};

// ------------------------------------------------------------ USB console
const cdc = new USBCDC(mcu.usbCtrl);
cdc.onSerialData = (bytes) => {
  events.push(['console', clock.nanos, Buffer.from(bytes).toString('hex')]);
  consoleSeen += Buffer.from(bytes).toString('latin1');
};
let consoleSeen = '';
// QUIRK: rp2040js answers every arm of the OUT endpoint at once with an
// empty packet when the host has nothing to send: an interrupt storm in
// which typed bytes (Ctrl-C) get lost.  A real host NAKs until it has data,
// so the arm is held here until then.
// QUIRK: rp2040js's host FIFO holds 512 bytes and drops the rest, and it
// hands the device all it holds at an arm.  A real host sends at most one
// 64-byte packet per arm of a full-speed bulk endpoint and keeps the rest
// queued, so the host's bytes wait here and go one packet at a time.  A
// packet ends after a Ctrl-C: CircuitPython flushes what it has received
// when it sees one, and a host tool's next byte (mpremote's Ctrl-A) must
// not go with it.
const PACKET = 64;
const endpointRead = mcu.usbCtrl.onEndpointRead;
const hostQueue = [];
let hostHead = 0;
let heldRead = null;
function nextPacket(size) {
  const n = Math.min(size, PACKET, hostQueue.length - hostHead);
  for (let i = 0; i < n; i++) {
    const b = hostQueue[hostHead++];
    cdc.sendSerialByte(b);
    if (b === 0x03) break;
  }
  if (hostHead === hostQueue.length) {
    hostQueue.length = 0;
    hostHead = 0;
  }
}
mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
  if (endpoint === cdc.outEndpoint && cdc.txFIFO.empty) {
    if (hostHead === hostQueue.length) {
      heldRead = [endpoint, size];
      return;
    }
    nextPacket(size);
  }
  endpointRead(endpoint, size);
};
function typeOnConsole(bytes) {
  for (const b of bytes) hostQueue.push(b);
  if (heldRead) {
    const [endpoint, size] = heldRead;
    heldRead = null;
    nextPacket(size);
    endpointRead(endpoint, size);
  }
}

// ------------------------------------------------------------ SSD1306 on I2C
// Hardware I2C: rp2040js hands each start, address, byte and stop to these
// callbacks.  Each completes after the bits it takes on the wire at the
// configured SCL rate, so frame times include the bus, as on a board.
const i2c = mcu.i2c[config.i2c_bus];
let txn = null;
function bitNanos() {
  return ((i2c.sclHighPeriod + i2c.sclLowPeriod) * 1e9) / mcu.clkSys;
}
function after(ns, fn) {
  clock.createAlarm(fn).schedule(ns);
}
i2c.onStart = () => {
  if (profileToI2c) profile = null;
  after(bitNanos(), () => i2c.completeStart());
};
i2c.onConnect = (address, mode) => {
  const ack = address === config.oled_address && mode === 0;
  if (ack) txn = { t0: clock.nanos, addr: address, bytes: [] };
  after(9 * bitNanos(), () => i2c.completeConnect(ack));
};
i2c.onWriteByte = (value) => {
  if (txn) txn.bytes.push(value);
  after(9 * bitNanos(), () => i2c.completeWrite(txn !== null));
};
i2c.onReadByte = () => after(9 * bitNanos(), () => i2c.completeRead(0xff));
i2c.onStop = () => {
  if (txn && txn.bytes.length) {
    events.push(['i2c', txn.t0, clock.nanos, txn.addr, Buffer.from(txn.bytes).toString('hex')]);
  }
  txn = null;
  after(bitNanos(), () => i2c.completeStop());
};

// QUIRK: the RESETS block of rp2040js only stores its register: holding a
// peripheral in reset does not reset it.  busio.I2C's deinit resets the I2C
// block, and the next busio.I2C refuses a block still enabled ("I2C
// peripheral in use"), so the I2C blocks are reset here as on silicon.
const RESETS_I2C = [1 << 3, 1 << 4];
const resets = mcu.peripherals[0x4000c];
const resetsWrite = resets.writeUint32.bind(resets);
resets.writeUint32 = (offset, value) => {
  const before = resets.reset;
  resetsWrite(offset, value);
  const asserted = resets.reset & ~before;
  RESETS_I2C.forEach((bit, n) => {
    if (asserted & bit) {
      const block = mcu.i2c[n];
      block.enable = 0;
      block.txFIFO.reset();
      block.rxFIFO.reset();
      block.state = 0; // idle
      block.busy = false;
      block.stop = false;
      block.intRaw = 0;
      block.abortSource = 0;
      if (block === i2c) txn = null;
    }
  });
};

// The same display at the pin level.  Before busio uses the I2C block,
// CircuitPython checks the pull-ups (pins read high with pull-downs on)
// and probes the address with a bit-banged zero-length write, which the
// display must ACK by pulling SDA low on the ninth clock.  Lines are
// open-drain: low when the MCU or the display drives them low.
const sdaPin = mcu.gpio[config.sda];
const sclPin = mcu.gpio[config.scl];
const bus = { scl: true, sda: true, displayLow: false, state: 'idle', bits: 0, byte: 0, acking: false };
function masterLetsGo(pin) {
  return pin.functionSelect !== FUNCTION_SIO || !(pin.outputEnable && !pin.outputValue);
}
function i2cPins() {
  const scl = masterLetsGo(sclPin);
  const sdaMaster = masterLetsGo(sdaPin);
  let sda = sdaMaster && !bus.displayLow;
  if (scl && bus.scl && sda !== bus.sda) {
    // SDA moving while SCL is high: START (falling) or STOP (rising).
    bus.state = sda ? 'idle' : 'address';
    bus.bits = 0;
    bus.byte = 0;
    bus.acking = false;
    bus.displayLow = false;
  } else if (scl && !bus.scl && !bus.acking && bus.state !== 'idle') {
    bus.byte = ((bus.byte << 1) | (sda ? 1 : 0)) & 0xff;
    bus.bits += 1;
  } else if (!scl && bus.scl) {
    if (bus.acking) {
      bus.acking = false;
      bus.displayLow = false;
      bus.bits = 0;
      bus.byte = 0;
    } else if (bus.bits === 8) {
      if (bus.state === 'address') {
        bus.state = bus.byte === config.oled_address << 1 ? 'data' : 'idle';
      }
      if (bus.state === 'data') {
        bus.acking = true;
        bus.displayLow = true;
      }
    }
  }
  sda = sdaMaster && !bus.displayLow;
  bus.scl = scl;
  bus.sda = sda;
  sclPin.setInputValue(scl);
  sdaPin.setInputValue(sda);
}
sdaPin.addListener(i2cPins);
sclPin.addListener(i2cPins);
i2cPins();

// ------------------------------------------------------------ buttons
// Switches to ground with pull-ups: released reads high.
for (const gpio of config.buttons) mcu.gpio[gpio].setInputValue(true);

// ------------------------------------------------------------ power supply
// A Pico on USB: VBUS 5 V, VSYS about 4.75 V after its Schottky diode;
// VSYS/3 reaches ADC channel 3 (GPIO29), VBUS_SENSE is GPIO24.  rp2040js
// samples channelValues (12 bits) when the ADC converts.
const ADC_VSYS = 3;
const VBUS_SENSE = 24;
function supply(vsys, vbus) {
  mcu.adc.channelValues[ADC_VSYS] = Math.max(0, Math.min(4095, Math.round(vsys / 3 / 3.3 * 4095)));
  mcu.gpio[VBUS_SENSE].setInputValue(vbus);
}
supply(4.75, true);

// ------------------------------------------------------------ PIO and WS2812
// QUIRK: rp2040js runs PIO from JavaScript timers, ignoring the clock
// divider and delay cycles, so neopixel.show() never completes.  Here PIO
// runs in lockstep with the core: each state machine advances by the core's
// cycles over its divider, and an instruction's delay holds it that long.
for (const pio of mcu.pio) pio.run = () => {};
function stepPio(cycles) {
  for (const pio of mcu.pio) {
    if (pio.stopped) continue;
    for (const sm of pio.machines) {
      if (!sm.enabled) continue;
      const div = (sm.clockDivInt || 65536) + sm.clockDivFrac / 256;
      sm.lockAcc = (sm.lockAcc || 0) + cycles;
      while (sm.lockAcc >= div) {
        sm.lockAcc -= div;
        if (sm.lockBusy > 0) {
          sm.lockBusy -= 1;
          continue;
        }
        const before = sm.cycles;
        sm.step();
        sm.lockBusy = Math.max(0, sm.cycles - before - 1);
      }
    }
    pio.checkChangedPins();
  }
}

// The ring's data pin, decoded from pulse widths.
const pixelPin = mcu.gpio[config.pixel_pin];
const ws = { high: false, rose: 0, fell: 0, bits: 0, byte: 0, bytes: [] };
pixelPin.addListener(() => {
  const high = pixelPin.outputEnable && pixelPin.outputValue;
  if (high === ws.high) return;
  ws.high = high;
  if (high) {
    ws.rose = clock.nanos;
  } else {
    ws.fell = clock.nanos;
    ws.byte = ((ws.byte << 1) | (clock.nanos - ws.rose > WS2812_ONE_NS ? 1 : 0)) & 0xff;
    ws.bits += 1;
    if (ws.bits === 8) {
      ws.bytes.push(ws.byte);
      ws.bits = 0;
      ws.byte = 0;
    }
  }
});
// The piezo's pin: CircuitPython's pwmio drives it from a PWM slice, and
// rp2040js's PWM model toggles the pin.  A tone is a run of periods of
// one length (within 1/16); it ends when the length changes or the pin
// stays still for two periods (a rest: duty 0 keeps it low).
const piezoPin = config.piezo_pin >= 0 ? mcu.gpio[config.piezo_pin] : null;
const tone = { high: false, start: 0, rose: 0, period: 0, highNs: 0, n: 0 };
function endTone(at) {
  if (tone.n >= 2) {
    // Over the whole run: a fractional divider varies the periods a little.
    const hz = (1e9 * tone.n) / (tone.last - tone.start);
    events.push(['tone', tone.start, at, Math.round(hz), tone.highNs / tone.n / tone.period]);
  }
  tone.n = 0;
  tone.period = 0;
  tone.highNs = 0;
}
if (piezoPin) {
  piezoPin.addListener(() => {
    const high = piezoPin.outputEnable && piezoPin.outputValue;
    if (high === tone.high) return;
    tone.high = high;
    const t = clock.nanos;
    if (!high) {
      if (tone.rose) tone.fellAfter = t - tone.rose;
      return;
    }
    if (tone.rose) {
      const p = t - tone.rose;
      if (tone.n && (Math.abs(p - tone.period) * 16 > tone.period)) {
        endTone(tone.rose);
      }
      if (tone.n === 0) {
        tone.start = tone.rose;
        tone.period = p;
      }
      tone.n += 1;
      tone.highNs += tone.fellAfter || 0;
      tone.last = t;
    }
    tone.rose = t;
  });
}
function latchTone() {
  if (tone.n && !tone.high && clock.nanos - tone.rose > 2 * tone.period) {
    endTone(tone.rose + tone.period);
    tone.rose = 0;
  } else if (!tone.n && tone.rose && clock.nanos - tone.rose > 50e6) {
    tone.rose = 0;   // a lone edge long ago: no tone
  }
}

function latchPixels() {
  if (ws.bytes.length && !ws.high && clock.nanos - ws.fell > WS2812_LATCH_NS) {
    events.push(['leds', ws.fell, Buffer.from(ws.bytes).toString('hex')]);
    ws.bytes = [];
    ws.bits = 0;
  }
}

// ------------------------------------------------------------ SPI flash
// QUIRK: rp2040js maps the flash for reads only: XIP reads see the array,
// but the SSI's data register goes nowhere and IO_QSPI is not modelled
// (its registers read 0xffffffff, which the boot ROM's flash routines take
// for an abort: every flash_range_erase/program returned at once, so nvm
// and the CIRCUITPY drive never changed).  The pico-sdk's flash functions
// (CircuitPython's nvm and drive use them) call the boot ROM, which drives
// the chip select through IO_QSPI's GPIO_QSPI_SS_CTRL output override and
// clocks bytes through the SSI in standard SPI mode.  Here a W25Q16 on that
// bus answers them: IO_QSPI keeps its registers, the SSI hands each byte
// to the flash and queues the byte it answers, and the flash erases (bytes
// to 0xFF) and programs (bytes ANDed in) the same array XIP reads.
// On with "flash_writes" in the config (see the end of this section).
//
// What CircuitPython 10.3 sends, seen here: at each flash write the ROM's
// exit-XIP sequence (CS high, 4 x 00h; CS low, 4 x 00h; CS low, FFh FFh),
// then per 4 KB sector 06h + 20h addr and per 256-byte page 06h + 02h addr
// data, each followed by 05h polled until not busy; then the second-stage
// loader's 35h (QE already set, so no 01h) as it re-enters XIP.  At start
// 9Fh (CircuitPython sizes its drive from the JEDEC id) and 4Bh (the
// pico-sdk reads the unique id).  No D8h: nothing erases 64 KB at once.
const FLASH_SIZE = flashImage.length;
const SSI_DR0 = 0x60;
const SSI_DR_END = 0xf0; // DR0..DR35 are one FIFO
const SSI_SSIENR = 0x08;
const SSI_TXFLR = 0x20;
const SSI_RXFLR = 0x24;
const SSI_SR = 0x28;
const SSI_SR_IDLE = 0x6; // TFE | TFNF: the byte went out at once
const SSI_SR_RFNE = 0x8;
const IO_QSPI_SS_CTRL = 0x0c;
const OUTOVER_LOW = 2;
const OUTOVER_HIGH = 3;
const JEDEC_ID = [0xef, 0x40, 0x15]; // Winbond W25Q16JV: 2 MiB
const UNIQUE_ID = [0xe6, 0x60, 0x38, 0x28, 0x6b, 0x11, 0x22, 0x33];

const flash = {
  mem: mcu.flash,
  selected: false,
  wel: false, // write enable latch: set by 06h, spent by an erase or program
  cmd: -1,
  n: 0, // bytes of this transaction after the command byte
  addr: 0,
  data: [],
  ops: 0, // erases and page programs done
  commands: {}, // command byte (hex) -> how many times the flash saw it
  cut: null, // {left, part}: power goes off during the left-th next operation
  journal: null, // when kept: [n, start, before hex, after hex] per operation
  halted: null, // why the core stopped: 'power cut' or 'reset'
  busyUntil: 0, // clock.nanos when the erase or program going on ends
};

// How long the chip is busy (status BUSY) after an erase or program, with
// "flash_timing": W25Q16JV datasheet, AC characteristics, typical tPP
// 0.4 ms (page program; at most 3 ms), tSE 45 ms (4 KB sector erase; at
// most 400), tBE1 120 ms (32 KB), tBE2 150 ms (64 KB), tCE 5 s (chip).
// The boot ROM polls status register 1 (05h) until BUSY clears, so the
// time passes in the code that waits, as on a board, and the firmware
// runs nothing from flash meanwhile (XIP is off: see busyReads).
const FLASH_BUSY_NS = { 256: 0.4e6, 4096: 45e6, 32768: 120e6, 65536: 150e6 };
const FLASH_CHIP_ERASE_NS = 5e9;

function flashSelect() {
  flashDeselect();
  flash.selected = true;
  flash.cmd = -1;
  flash.n = 0;
  flash.addr = 0;
  flash.data = [];
}

// A flash acts on an erase or program when CS goes high after it.
function flashDeselect() {
  if (!flash.selected) return;
  flash.selected = false;
  const { cmd, n, addr } = flash;
  const sized = { 0x20: 4096, 0x52: 32768, 0xd8: 65536 }[cmd];
  if (sized && n >= 3 && flash.wel) {
    const start = (addr & ~(sized - 1)) % FLASH_SIZE;
    flashOp(start, sized, (k) => flash.mem.fill(0xff, start, start + k));
  } else if ((cmd === 0x60 || cmd === 0xc7) && flash.wel) {
    flashOp(0, FLASH_SIZE, (k) => flash.mem.fill(0xff, 0, k));
  } else if (cmd === 0x02 && n > 3 && flash.wel) {
    // More than a page wraps within it: the last 256 bytes count.
    const data = flash.data.slice(-256);
    const page = addr & ~0xff;
    const wraps = (addr & 0xff) + data.length > 256;
    flashOp(wraps ? page : addr, wraps ? 256 : data.length, (k) => {
      for (let i = 0; i < k; i++) {
        const at = (page | ((addr + i) & 0xff)) % FLASH_SIZE;
        flash.mem[at] &= data[i];
      }
    });
  }
  if ([0x20, 0x52, 0xd8, 0x60, 0xc7, 0x02, 0x01, 0x31, 0x04].includes(cmd)) flash.wel = false;
}

// One erase or program of ``size`` bytes from ``start``, ``apply(k)``
// doing its first k bytes.  With a power cut armed, the operation it falls
// on does only a prefix of its bytes (a sector part erased, a page part
// programmed: the rest keep their old bytes) and the core stops there.
// The journal keeps each operation's bytes before and after, so that
// pico.py can rebuild the image a cut at any point would leave (the before
// bytes with a prefix of the after bytes) from one run, without running to
// each point again.
function flashOp(start, size, apply) {
  flash.ops += 1;
  if (flashTiming) {
    const page = flash.cmd === 0x02;
    flash.busyUntil = clock.nanos + (page ? FLASH_BUSY_NS[256]
      : FLASH_BUSY_NS[size] || FLASH_CHIP_ERASE_NS);
  }
  const before = Buffer.from(flash.mem.subarray(start, start + size));
  apply(size);
  if (flash.journal) {
    // What the operation writes, also when the cut below undoes part of it.
    const after = Buffer.from(flash.mem.subarray(start, start + size)).toString('hex');
    flash.journal.push([flash.ops, start, before.toString('hex'), after]);
  }
  if (flash.cut && --flash.cut.left === 0) {
    const done = Math.round(flash.cut.part * size);
    flash.mem.set(before.subarray(done), start + done);
    flash.cut = null;
    flash.halted = 'power cut';
  }
}

// The flash's answer to one byte on MOSI, as a W25Q16 gives it.
function flashTransfer(byte) {
  if (!flash.selected) return 0xff; // MISO floats (pulled up)
  if (flash.cmd < 0) {
    flash.cmd = byte;
    const key = byte.toString(16).padStart(2, '0');
    flash.commands[key] = (flash.commands[key] || 0) + 1;
    if (byte === 0x06) flash.wel = true;
    if (byte === 0x04) flash.wel = false;
    return 0xff;
  }
  const i = flash.n++;
  const withAddr = [0x02, 0x03, 0x0b, 0x20, 0x52, 0xd8, 0x90, 0x5a].includes(flash.cmd);
  if (withAddr && i < 3) {
    flash.addr = ((flash.addr << 8) | byte) & 0xffffff;
    return 0xff;
  }
  switch (flash.cmd) {
    case 0x05: // status register 1: BUSY (bit 0) while an operation runs
      return (flash.wel ? 0x02 : 0x00) | (clock.nanos < flash.busyUntil ? 0x01 : 0x00);
    case 0x35: // status register 2: QE set, as a Pico's flash ships
      return 0x02;
    case 0x15:
      return 0x00;
    case 0x03:
      return flash.mem[(flash.addr + i - 3) % FLASH_SIZE];
    case 0x0b: // fast read: one dummy byte after the address
      return i === 3 ? 0xff : flash.mem[(flash.addr + i - 4) % FLASH_SIZE];
    case 0x02:
      flash.data.push(byte);
      return 0xff;
    case 0x9f:
      return i < 3 ? JEDEC_ID[i] : 0xff;
    case 0x90: // manufacturer, device, repeated
      return (i - 3) % 2 === 0 ? 0xef : 0x14;
    case 0xab: // release power-down: three dummies, then the device id
      return i >= 3 ? 0x14 : 0xff;
    case 0x4b: // unique id: four dummies, then 64 bits
      return i >= 4 && i < 12 ? UNIQUE_ID[i - 4] : 0xff;
    default: // 5Ah SFDP too: no table, as the ROM then asks 9Fh instead
      return 0xff;
  }
}

// IO_QSPI: its registers as written (the ROM reads them back, and checks
// GPIO_QSPI_SD1_CTRL's input override for an abort); CS follows SS_CTRL's
// output override: low selects, high deselects, normal leaves it to the SSI.
const ioQspiRegs = new Uint32Array(0x40 / 4);
let csByOverride = false;
function patchIoQspi() {
  const ioQspi = mcu.peripherals[0x40018];
  ioQspi.readUint32 = (offset) => (offset < 0x40 ? ioQspiRegs[offset >> 2] : 0);
  ioQspi.writeUint32 = (offset, value) => {
    if (offset >= 0x40) return;
    ioQspiRegs[offset >> 2] = value;
    if (offset !== IO_QSPI_SS_CTRL) return;
    const over = (value >> 8) & 3;
    csByOverride = over === OUTOVER_LOW || over === OUTOVER_HIGH;
    if (over === OUTOVER_LOW && !flash.selected) flashSelect();
    else if (over !== OUTOVER_LOW) flashDeselect();
    ssiIdle = true;
  };
}

// The SSI in standard SPI, transmit-and-receive mode (how the ROM and the
// second-stage loader talk to the flash): a byte written to DR0 goes out at
// once and the flash's answer waits in the 16-byte receive FIFO.  Without
// the override (the second-stage loader), the SSI holds CS low from the
// first byte of a burst until its transmit FIFO runs dry, which software
// sees as its next read of DR0 or SR: a write after such a read starts a
// new transaction.  Other modes
// (the XIP set-up, quad continuous read) do not reach the flash model: XIP
// reads come from the array directly.
const ssi = mcu.peripherals[0x18000];
const rxFifo = [];
let ssiIdle = true;
function patchSsi() {
  const ssiRead = ssi.readUint32.bind(ssi);
  const ssiWrite = ssi.writeUint32.bind(ssi);
  ssi.readUint32 = (offset) => {
    if (offset >= SSI_DR0 && offset < SSI_DR_END) {
      ssiIdle = true;
      return rxFifo.length ? rxFifo.shift() : 0;
    }
    if (offset === SSI_SR) {
      ssiIdle = true;
      return SSI_SR_IDLE | (rxFifo.length ? SSI_SR_RFNE : 0);
    }
    if (offset === SSI_RXFLR) return rxFifo.length;
    if (offset === SSI_TXFLR) return 0;
    return ssiRead(offset);
  };
  ssi.writeUint32 = (offset, value) => {
    if (offset >= SSI_DR0 && offset < SSI_DR_END) {
      ssiSend(value & 0xff);
      return;
    }
    if (offset === SSI_SSIENR && !(value & 1)) {
      rxFifo.length = 0; // disabling the SSI empties its FIFOs
      if (!csByOverride) flashDeselect();
    }
    ssiWrite(offset, value);
  };
}
function ssiSend(byte) {
  const standardTxRx = ((ssi.crtlr0 >> 8) & 3) === 0 && ((ssi.crtlr0 >> 21) & 3) === 0;
  if (!(ssi.ssienr & 1) || !standardTxRx) return;
  if (!csByOverride && ssiIdle) flashSelect();
  ssiIdle = false;
  const answer = flashTransfer(byte);
  if (rxFifo.length < 16) rxFifo.push(answer);
}

// A hard reset (microcontroller.reset(), the watchdog) stops the core
// here rather than restarting it: rp2040js's reset() would erase the flash
// model and leave every peripheral as it was.  read_flash() in pico.py
// then says "reset", and a new board booted from the image is the restart.
function patchWatchdog() {
  mcu.peripherals[0x40058].onWatchdogTrigger = () => {
    flash.halted = flash.halted || 'reset';
  };
}

// Writable flash is asked for ("flash_writes" in the config): without it
// the board behaves as rp2040js does, as the other board checks expect
// (nothing a session saves is there at its next start).
if (config.flash_writes) {
  patchIoQspi();
  patchSsi();
  patchWatchdog();
}

function flashReply(msg) {
  if (msg.path) writeFileSync(msg.path, mcu.flash.subarray(0, FLASH_SIZE));
  const journal = flash.journal;
  flash.journal = msg.journal ? [] : null; // handed over, then kept again or not
  return { ops: flash.ops, halted: flash.halted, commands: flash.commands, journal };
}


// ------------------------------------------------------------ XIP cache
// QUIRK: rp2040js reads flash as fast as SRAM, but CircuitPython runs from
// flash through the RP2040's XIP cache (RP2040 datasheet 2.6.3 "Flash":
// 16 kB, two-way set-associative, 8-byte lines; a hit costs what an SRAM
// read costs, a miss waits for the SSI to fetch the line from the chip).
// This model looks every XIP read up in such a cache and adds a miss's
// cycles to the instruction that made it.  The four XIP aliases behave as
// the datasheet's table says: 0x10.. looks up and allocates, 0x11..
// (NOALLOC) looks up only, 0x12.. (NOCACHE) allocates without a lookup,
// 0x13.. (NOCACHE_NOALLOC) goes to the flash every time.  Code the linker
// puts in SRAM (CircuitPython's .itcm, about 11 KB, and the boot ROM) and
// every RAM or peripheral access cost nothing more.
//
// A miss's cost is read from the SSI as the second-stage loader leaves it
// (datasheet 4.10 "SSI"): SCK = clk_sys / BAUDR, and a line is one read
// of 64 bits in the SSI's frame format: the instruction (none in
// continuous-read mode, INST_L = 0), ADDR_L x 4 address and mode bits,
// WAIT_CYCLES dummy clocks, then 64 data bits, each at the frame's width
// (1, 2 or 4 bits a clock).  CircuitPython 10.3's Pico build sets BAUDR
// 4, quad, ADDR_L 8, WAIT_CYCLES 4: (8 + 4 + 16) x 4 = 112 clk_sys a miss.
// Nothing is added for the bus and the XIP controller's own cycles, so
// the figure is a floor.  The reply's "xip" says what the model saw.
const XIP_SETS = 1024; // 16 KB / 8-byte lines / 2 ways
const XIP_DEFAULT_MISS = 112; // until the SSI is in an XIP read set-up
const xip = {
  tags: new Int32Array(2 * XIP_SETS).fill(-1), // set*2 + way -> line >> 10
  victim: new Uint8Array(XIP_SETS), // the way a miss in the set replaces
  missCycles: XIP_DEFAULT_MISS,
  stall: 0, // cycles owed by the instruction running now
  accesses: 0,
  misses: 0,
  busyReads: 0, // XIP reads while the flash was busy or out of XIP mode
};
function xipTouch(address) {
  xip.accesses += 1;
  const alias = (address >>> 24) & 3;
  const line = (address & 0xffffff) >>> 3;
  const set = line & (XIP_SETS - 1);
  const tag = line >>> 10;
  const i = set << 1;
  if (alias < 2) {
    if (xip.tags[i] === tag) {
      xip.victim[set] = 1;
      return;
    }
    if (xip.tags[i + 1] === tag) {
      xip.victim[set] = 0;
      return;
    }
  }
  xip.misses += 1;
  xip.stall += xip.missCycles;
  if (flash.busyUntil > clock.nanos || xipOff) xip.busyReads += 1;
  if ((alias & 1) === 0) {
    const way = xip.victim[set];
    xip.tags[i + way] = tag;
    xip.victim[set] = way ^ 1;
  }
}
function xipFlush() {
  xip.tags.fill(-1);
}
// The SSI's XIP read set-up, as above; null when it is not one (the ROM
// talking to the flash in standard SPI mode).
function xipMissCycles() {
  const baud = ssi.baudr & 0xffff;
  const frf = (ssi.crtlr0 >> 21) & 3; // 0 standard, 1 dual, 2 quad
  const ctrl = ssi.spictlr0;
  if (!(ssi.ssienr & 1) || !baud || ((ssi.crtlr0 >> 8) & 3) !== 3) return null;
  const width = [1, 2, 4][frf] || 1;
  const transType = ctrl & 3; // 0: instruction and address in standard SPI
  const instBits = [0, 4, 8, 16][(ctrl >> 8) & 3];
  const addrBits = ((ctrl >> 2) & 0xf) * 4;
  const wait = (ctrl >> 11) & 0x1f;
  const instClocks = transType === 2 ? instBits / width : instBits;
  const addrClocks = transType === 0 ? addrBits : addrBits / width;
  return (instClocks + addrClocks + wait + 64 / width) * baud;
}
// Out of XIP mode: the SSI not set up for XIP reads (a read then gets
// nothing a program could run).
let xipOff = false;
if (flashTiming) {
  const read32 = mcu.readUint32.bind(mcu);
  const read16 = mcu.readUint16.bind(mcu);
  const read8 = mcu.readUint8.bind(mcu);
  // 16- and 8-bit reads serve only the 0x10.. alias themselves; the
  // others go through readUint32 (rp2040js), which counts them once.
  mcu.readUint32 = (address) => {
    if (address >>> 26 === 4) xipTouch(address);
    return read32(address);
  };
  mcu.readUint16 = (address) => {
    if (address >>> 24 === 0x10) xipTouch(address);
    return read16(address);
  };
  mcu.readUint8 = (address) => {
    if (address >>> 24 === 0x10) xipTouch(address);
    return read8(address);
  };
  // XIP_CTRL FLUSH (0x14000004), which the boot ROM's flash_flush_cache
  // writes after every erase and program: the tags go.
  const write32 = mcu.writeUint32.bind(mcu);
  mcu.writeUint32 = (address, value) => {
    if (address >>> 0 === 0x14000004) xipFlush();
    write32(address, value);
  };
  const ssiWriteTimed = ssi.writeUint32.bind(ssi);
  ssi.writeUint32 = (offset, value) => {
    ssiWriteTimed(offset, value);
    const cycles = xipMissCycles();
    xipOff = cycles === null;
    if (cycles !== null) xip.missCycles = cycles;
  };
}

// ------------------------------------------------------------ the core
// Start the second-stage bootloader as the boot ROM does once it has
// found one at the top of flash (loadBootrom reset the core): its 256
// bytes copied to the top of SRAM and run there, with LR 0 (it then
// enters the firmware's vector table at 0x10000100).  It configures the
// SSI for XIP, so it must not run from flash itself.
const BOOT2_RAM = 0x20041f00;
mcu.sram.set(mcu.flash.subarray(0, 256), BOOT2_RAM - 0x20000000);
core.LR = 0;
core.PC = BOOT2_RAM;

const [pio0, pio1] = mcu.pio;
// A flat profile (the 'profile' command): core cycles, a miss's wait
// included, by the address of the instruction that took them; null when
// off.  tools/pico.py names the functions from CircuitPython's ELF.
let profile = null;
let hits = null; // and how often each address ran (a function's entry: its calls)
let watch = null; // addresses whose callers are counted: "address lr" -> times
let callers = null;
// With the command's to_i2c: the profile stops counting at the next I2C
// start (a press's work up to its frame's first byte on the bus).
let profileToI2c = false;
let profileCounts = null; // the profile's map, also once to_i2c stopped it
const PIO_SLICE = 8; // cycles of a miss's wait between PIO steps
function run(ms, until) {
  const end = clock.nanos + ms * 1e6;
  const seenBefore = consoleSeen.length;
  let n = 0;
  let ran = 0; // awake time, summed here: a module variable costs a box per add
  while (clock.nanosCounter < end && !flash.halted) {
    if (core.waiting) {
      const next = clock.nanosToNextAlarm;
      clock.tick(next > 0 ? Math.min(next, end - clock.nanos) : end - clock.nanos);
    } else {
      const pc = core.PC;
      let cycles = core.executeInstruction();
      const pioOn = !pio0.stopped || !pio1.stopped;
      if (xip.stall) {
        // A miss's wait: PIO goes on meanwhile, in slices short enough
        // that its pin edges keep their times (a WS2812 bit is 156
        // cycles; a whole miss at one time would merge its edges).
        if (pioOn) {
          for (let left = xip.stall; left > 0; left -= PIO_SLICE) {
            const c = left < PIO_SLICE ? left : PIO_SLICE;
            const ns = (c * 1e9) / mcu.clkSys;
            ran += ns;
            clock.tick(ns);
            stepPio(c);
          }
        } else {
          cycles += xip.stall;
        }
        xip.stall = 0;
      }
      if (profile) {
        profile.set(pc, (profile.get(pc) || 0) + cycles);
        hits.set(pc, (hits.get(pc) || 0) + 1);
        if (watch.has(pc)) {
          const key = pc + ' ' + ((core.LR & ~1) >>> 0);
          callers.set(key, (callers.get(key) || 0) + 1);
        }
      }
      const ns = (cycles * 1e9) / mcu.clkSys;
      ran += ns;
      // clock.tick(ns) without the call when no alarm falls due: the same
      // sum, so the same times, and no call for most instructions.
      const due = clock.nextAlarm;
      if (due && due.nanos <= clock.nanosCounter + ns) clock.tick(ns);
      else clock.nanosCounter += ns;
      if (pioOn) stepPio(cycles);
    }
    if ((++n & 0x3ff) === 0) {
      latchPixels();
      if (piezoPin) latchTone();
      if (until && consoleSeen.indexOf(until, seenBefore) >= 0) break;
    }
  }
  awake += ran;
  // Powered off: time goes on (callers wait for it), nothing runs.
  if (flash.halted && clock.nanos < end) clock.tick(end - clock.nanos);
  latchPixels();
  if (piezoPin) latchTone();
  if (consoleSeen.length > 1 << 20) consoleSeen = consoleSeen.slice(-4096);
}

function reply() {
  const cache = { on: flashTiming, accesses: xip.accesses, misses: xip.misses,
    miss_cycles: xip.missCycles, busy_reads: xip.busyReads };
  process.stdout.write(JSON.stringify({ t: clock.nanos, awake, halted: flash.halted, xip: cache,
    events }) + '\n');
  events = [];
  awake = 0;
  xip.accesses = 0;
  xip.misses = 0;
  xip.busyReads = 0;
}

const lines = createInterface({ input: process.stdin });
process.stdout.write(JSON.stringify({ ready: true }) + '\n');
for await (const line of lines) {
  if (!line.trim()) continue;
  const msg = JSON.parse(line);
  if (msg.cmd === 'run') {
    run(msg.ms, msg.until || null);
  } else if (msg.cmd === 'pin') {
    mcu.gpio[msg.gpio].setInputValue(msg.value);
  } else if (msg.cmd === 'serial') {
    typeOnConsole(Buffer.from(msg.hex, 'hex'));
  } else if (msg.cmd === 'flash') {
    events.push(['flash', clock.nanos, flashReply(msg)]);
  } else if (msg.cmd === 'cut') {
    flash.cut = { left: msg.ops, part: msg.part };
  } else if (msg.cmd === 'power') {
    supply(msg.vsys, msg.vbus);
  } else if (msg.cmd === 'profile') {
    if (!msg.on && hits) {
      events.push(['profile', [...profileCounts.entries()], [...hits.entries()],
        [...callers.entries()]]);
    }
    profile = msg.on ? new Map() : null;
    profileCounts = profile;
    profileToI2c = Boolean(msg.on && msg.to_i2c);
    hits = msg.on ? new Map() : null;
    watch = new Set(msg.watch || []);
    callers = msg.on ? new Map() : null;
  } else if (msg.cmd === 'quit') {
    reply();
    break;
  }
  reply();
}
process.exit(0);
