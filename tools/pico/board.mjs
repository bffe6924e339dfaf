// The emulated primeplay board: a Raspberry Pi Pico (rp2040js) running
// CircuitPython, with an SSD1306 on I2C, a WS2812 ring and push buttons.
//
// tools/pico.py starts this program and talks to it in JSON lines:
//   stdin   {"cmd": "run", "ms": 500, "until": "text"}    run emulated time
//           {"cmd": "pin", "gpio": 14, "value": false}    drive a button pin
//           {"cmd": "serial", "hex": "03"}                 type on the console
//           {"cmd": "quit"}
//   stdout  {"t": ns, "awake": ns, "events": [...]} after each command
//           ("awake": how long of the run the core was not sleeping), where
//           an event is
//           ["console", t, hex]             bytes the board wrote over USB CDC
//           ["i2c", t0, t1, addr, hex]      one hardware I2C write transaction
//           ["leds", t, hex]                one WS2812 frame (wire byte order)
// The first line, before any command, is {"ready": true}.
//
// Everything that is not CircuitPython's own code lives here: what the
// parts on the board do, and the places where rp2040js 1.4.1 differs from
// silicon in ways CircuitPython trips over (each marked QUIRK).  Time is
// emulated: nothing depends on the host's clock, so a run is repeatable.

import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { RP2040, USBCDC } from 'rp2040js';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const FUNCTION_SIO = 5;
const WS2812_ONE_NS = 625; // a high pulse longer than this is a 1 (T0H 400, T1H 800)
const WS2812_LATCH_NS = 50000; // low this long ends a frame

const mcu = new RP2040();
mcu.logger.currentLogLevel = 3; // errors only: the core logs every SEV
mcu.loadBootrom(new Uint32Array(new Uint8Array(readFileSync(config.bootrom)).buffer));
mcu.flash.set(readFileSync(config.flash));
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
const endpointRead = mcu.usbCtrl.onEndpointRead;
let heldRead = null;
mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
  if (endpoint === cdc.outEndpoint && cdc.txFIFO.empty) {
    heldRead = [endpoint, size];
    return;
  }
  endpointRead(endpoint, size);
};
function typeOnConsole(bytes) {
  for (const b of bytes) cdc.sendSerialByte(b);
  if (heldRead) {
    const [endpoint, size] = heldRead;
    heldRead = null;
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
i2c.onStart = () => after(bitNanos(), () => i2c.completeStart());
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
function latchPixels() {
  if (ws.bytes.length && !ws.high && clock.nanos - ws.fell > WS2812_LATCH_NS) {
    events.push(['leds', ws.fell, Buffer.from(ws.bytes).toString('hex')]);
    ws.bytes = [];
    ws.bits = 0;
  }
}

// ------------------------------------------------------------ the core
// Start at the second-stage bootloader at the top of flash, as the boot
// ROM does after it has found one there (loadBootrom reset the core).
core.PC = 0x10000000;

function run(ms, until) {
  const end = clock.nanos + ms * 1e6;
  const seenBefore = consoleSeen.length;
  let n = 0;
  while (clock.nanos < end) {
    if (core.waiting) {
      const next = clock.nanosToNextAlarm;
      clock.tick(next > 0 ? Math.min(next, end - clock.nanos) : end - clock.nanos);
    } else {
      const cycles = core.executeInstruction();
      const ns = (cycles * 1e9) / mcu.clkSys;
      awake += ns;
      clock.tick(ns);
      if (!mcu.pio[0].stopped || !mcu.pio[1].stopped) stepPio(cycles);
    }
    if ((++n & 0x3ff) === 0) {
      latchPixels();
      if (until && consoleSeen.indexOf(until, seenBefore) >= 0) break;
    }
  }
  latchPixels();
  if (consoleSeen.length > 1 << 20) consoleSeen = consoleSeen.slice(-4096);
}

function reply() {
  process.stdout.write(JSON.stringify({ t: clock.nanos, awake, events }) + '\n');
  events = [];
  awake = 0;
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
  } else if (msg.cmd === 'quit') {
    reply();
    break;
  }
  reply();
}
process.exit(0);
