"""The emulated board's host-side pieces, without the emulator: the FAT12
drive image (read back here by a small FAT reader written from the
on-disk format), UF2 loading and the LED wire format."""

import struct

import pytest

import fatimage
import pico


def read_fat12(image):
    """{path: bytes} of every file in a FAT12 image (long names honoured)."""
    (sector, per_cluster, reserved, fats, root_entries, _sectors, _media,
     fat_sectors) = struct.unpack_from("<HBHBHHBH", image, 11)
    assert image[510:512] == b"\x55\xAA"
    fat = image[reserved * sector:(reserved + fat_sectors) * sector]
    root = (reserved + fats * fat_sectors) * sector
    data = root + root_entries * 32

    def next_cluster(n):
        pair = struct.unpack_from("<H", fat, n * 3 // 2)[0]
        return pair >> 4 if n & 1 else pair & 0xFFF

    def chain(first, size=None):
        out = bytearray()
        n = first
        while 2 <= n < 0xFF8:
            start = data + (n - 2) * sector * per_cluster
            out += image[start:start + sector * per_cluster]
            n = next_cluster(n)
        return bytes(out if size is None else out[:size])

    def entries(blob, prefix):
        files = {}
        long_parts = []
        for off in range(0, len(blob), 32):
            e = blob[off:off + 32]
            if e[0] == 0:
                break
            if e[11] == 0x0F:
                chars = e[1:11] + e[14:26] + e[28:32]
                long_parts.insert(0, chars.decode("utf-16-le").split("\x00")[0])
                continue
            short = e[0:8].decode().rstrip() + ("." + e[8:11].decode().rstrip()
                                                 if e[8:11].strip() else "")
            name = "".join(long_parts) or short
            long_parts = []
            if e[11] & 0x08 or name in (".", ".."):
                continue
            first = struct.unpack_from("<H", e, 26)[0]
            size = struct.unpack_from("<I", e, 28)[0]
            if e[11] & 0x10:
                files.update(entries(chain(first), prefix + name + "/"))
            else:
                files[prefix + name] = chain(first, size) if size else b""
        return files

    return entries(image[root:data], "")


def test_the_drive_image_holds_every_file_under_its_long_name():
    files = {
        "code.py": b"print('hi')\n",
        "settings.toml": b'PRIMEPLAY_BOARD = "pico_ref"\n',
        "lib/adafruit_pixelbuf_long_name.mpy": bytes(range(256)) * 7,
        "lib/primeplay/climb/values.bin": bytes(20808),
        "lib/primeplay/__init__.py": b"",
        "boards/__init__.py": b"x" * 513,  # just over one cluster
        "BOOT.TXT": b"an exact 8.3 name",
    }
    for i in range(30):  # many names alike: short names stay unique
        files["lib/primeplay/app/module_number_%02d.py" % i] = b"N = %d\n" % i
    image = fatimage.fat12_image(files)
    assert len(image) == 1024 * 1024
    assert read_fat12(image) == files


def test_images_are_reproducible():
    files = {"a/b/c.py": b"1", "d.py": b"2"}
    assert fatimage.fat12_image(files) == fatimage.fat12_image(dict(files))


def test_a_drive_too_small_says_so():
    with pytest.raises(fatimage.FatError):
        fatimage.fat12_image({"big.bin": bytes(2 * 1024 * 1024)})


def _uf2_block(addr, payload, n, total):
    head = struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0x2000, addr, len(payload), n,
                       total, 0xE48BFF56)
    return head + payload.ljust(476, b"\0") + struct.pack("<I", 0x0AB16F30)


def test_uf2_blocks_land_at_their_flash_addresses():
    uf2 = _uf2_block(0x10000000, b"\x01" * 256, 0, 2) + \
        _uf2_block(0x10000100, b"\x02" * 256, 1, 2)
    flash = pico.uf2_to_flash(uf2)
    assert flash[:256] == b"\x01" * 256 and flash[256:512] == b"\x02" * 256
    assert flash[512:1024] == b"\xff" * 512  # erased elsewhere


def test_a_uf2_into_the_drive_area_or_with_bad_magic_is_refused():
    with pytest.raises(pico.PicoError):
        pico.uf2_to_flash(_uf2_block(0x10000000 + pico.DRIVE_OFFSET, b"\0" * 256, 0, 1))
    with pytest.raises(pico.PicoError):
        pico.uf2_to_flash(b"\0" * 512)


def test_led_wire_bytes_back_to_colours():
    # GRB on the wire, as the Pico's ring takes it.
    assert pico.wire_to_rgb(bytes([1, 2, 3, 4, 5, 6]), "GRB") == [(2, 1, 3), (5, 4, 6)]
    assert pico.wire_to_rgb(bytes([1, 2, 3, 9]), "RGBW") == [(1, 2, 3)]


def test_brightness_is_scaled_as_circuitpython_holds_floats():
    # 0.2 becomes 0.19999999 in a 30-bit float: a scene's 60 goes out as 11.
    assert pico.board_float(0.2) < 0.2
    assert pico.scaled_leds([(60, 255, 0)], 0.2) == [(11, 50, 0)]
    assert pico.scaled_leds([(255, 255, 255)], 1.0) == [(255, 255, 255)]


def test_settings_for_the_emulated_drive():
    text = pico.settings_toml("pico_pad", seed=7)
    assert 'PRIMEPLAY_BOARD = "pico_pad"' in text
    assert "PRIMEPLAY_SEED = 7" in text and "PRIMEPLAY_DEBUG = 1" in text


@pytest.mark.skipif(bool(pico.missing_pieces()), reason="emulated Pico: "
                    + "; ".join(pico.missing_pieces()))
def test_a_running_board_is_not_started_again():
    # ``with Pico() as board`` boots; a second boot() had started another
    # emulator and left the first running unseen (four board tests booted
    # twice, the slowest part of each start spent for nothing).
    board = pico.Pico(board="pico_ref", seed=1)
    try:
        board.start()
        first = board._proc
        with pytest.raises(pico.PicoError, match="running already"):
            board.start()
        assert board._proc is first and first.poll() is None
    finally:
        board.close()
    assert first.poll() is not None
