"""LZ-String's base64 and URI-safe forms, as f-puzzles and SudokuPad links carry their JSON.

Written from the algorithm of pieroxy's lz-string 1.5 (``src/_compress.ts`` and
``src/_decompress.ts`` of github.com/pieroxy/lz-string): an LZW whose codes grow from 2 bits,
with code 0 bringing in an 8-bit character, 1 a 16-bit one, 2 ending the stream; the bits of
each code are written lowest first and packed six to a character. JavaScript strings are UTF-16,
so characters outside the BMP travel as two surrogate code units, as there.

Decompression is iterative and bounded: input that is not of the alphabet, that stops before its
end mark, that names a code not yet made, or that would expand past ``limit`` characters raises a
ValueError that says what and at which character (counted from 1).
"""

from __future__ import annotations

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
URI_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"
#: The most characters a decompression may produce (a hostile link cannot exhaust memory).
LIMIT = 2_000_000


def _units(text: str) -> str:
    """``text`` as a string of UTF-16 code units, one character each (as JavaScript sees it)."""
    data = text.encode("utf-16-le", "surrogatepass")
    return "".join(chr(data[i] | data[i + 1] << 8) for i in range(0, len(data), 2))


def _from_units(units: str) -> str:
    """The inverse of :func:`_units`: surrogate pairs joined again."""
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def _compress(text: str, alphabet: str) -> str:
    """The LZ-String bit stream of ``text``, six bits to a character of ``alphabet``."""
    out: list[str] = []
    value = position = 0

    def put(code: int, width: int) -> None:
        nonlocal value, position
        for _ in range(width):
            value = value << 1 | code & 1
            code >>= 1
            position += 1
            if position == 6:
                out.append(alphabet[value])
                value = position = 0

    dictionary: dict[str, int] = {}
    fresh: set[str] = set()  # single characters whose literal is not yet written
    size, width, enlarge = 3, 2, 2
    w = ""

    def emit(w: str) -> None:
        nonlocal width, enlarge
        if w in fresh:
            code = ord(w)
            put(0 if code < 256 else 1, width)
            put(code, 8 if code < 256 else 16)
            enlarge -= 1
            if enlarge == 0:
                enlarge, width = 1 << width, width + 1
            fresh.discard(w)
        else:
            put(dictionary[w], width)
        enlarge -= 1
        if enlarge == 0:
            enlarge, width = 1 << width, width + 1

    for c in _units(text):
        if c not in dictionary:
            dictionary[c] = size
            size += 1
            fresh.add(c)
        wc = w + c
        if wc in dictionary:
            w = wc
            continue
        emit(w)
        dictionary[wc] = size
        size += 1
        w = c
    if w:
        emit(w)
    put(2, width)
    put(0, 1)  # close with zero bits, a whole character of them if the last one was full (as there)
    while position:
        put(0, 1)
    return "".join(out)


def _decompress(data: str, alphabet: str, limit: int) -> str:
    """The text of an LZ-String bit stream written in ``alphabet``; ValueError if it is not one."""
    values = {ch: i for i, ch in enumerate(alphabet)}
    index = 0  # the next character of data to read
    value = 0
    mask = 0

    def get(width: int) -> int:
        nonlocal index, value, mask
        bits = 0
        for k in range(width):
            if mask == 0:
                if index >= len(data):
                    raise ValueError(f"the data stops at character {len(data)} before its end mark")
                ch = data[index]
                if ch not in values:
                    raise ValueError(f"character {index + 1} is {ch!r}, not of the LZ-String alphabet")
                value, mask = values[ch], 32
                index += 1
            if value & mask:
                bits |= 1 << k
            mask >>= 1
        return bits

    if not data:
        raise ValueError("the data is empty")
    dictionary: list[str] = ["", "", ""]
    width, enlarge = 3, 4
    first = get(2)
    if first == 2:
        return ""
    if first == 3:
        raise ValueError(f"character {index} starts with code 3, which no LZ-String stream has")
    w = chr(get(8 if first == 0 else 16))
    dictionary.append(w)
    out = [w]
    total = 1
    while True:
        code = get(width)
        if code == 2:
            return _from_units("".join(out))
        if code < 2:
            dictionary.append(chr(get(8 if code == 0 else 16)))
            code = len(dictionary) - 1
            enlarge -= 1
            if enlarge == 0:
                enlarge, width = 1 << width, width + 1
        if code < len(dictionary):
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = w + w[0]
        else:
            raise ValueError(f"character {index} names code {code}, beyond the {len(dictionary)} made so far")
        total += len(entry)
        if total > limit:
            raise ValueError(f"the data expands past {limit:,} characters (at character {index})")
        out.append(entry)
        dictionary.append(w + entry[0])
        enlarge -= 1
        if enlarge == 0:
            enlarge, width = 1 << width, width + 1
        w = entry


def compress_to_base64(text: str) -> str:
    """LZ-String's ``compressToBase64``: padded with ``=`` to a multiple of four characters."""
    out = _compress(text, BASE64)
    return out + "=" * (-len(out) % 4)


def decompress_from_base64(data: str, limit: int = LIMIT) -> str:
    """LZ-String's ``decompressFromBase64``, raising ValueError where that returns null or ''."""
    return _decompress(data, BASE64, limit)


def compress_to_encoded_uri_component(text: str) -> str:
    """LZ-String's ``compressToEncodedURIComponent`` (URI-safe alphabet, no padding)."""
    return _compress(text, URI_SAFE)


def decompress_from_encoded_uri_component(data: str, limit: int = LIMIT) -> str:
    """LZ-String's ``decompressFromEncodedURIComponent`` (a space read as ``+``, as there)."""
    return _decompress(data.replace(" ", "+"), URI_SAFE, limit)
