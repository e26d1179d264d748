"""The game's random generators: xoshiro128** kept inside the state array.

Every word is a 32-bit value held in an int64, and every intermediate stays below 2**63, so
the compiled code and the plain-Python code (``NUMBA_DISABLE_JIT=1``) compute identical
streams without relying on integer overflow.
"""

from __future__ import annotations

from numba import njit

M32 = 0xFFFFFFFF


@njit(cache=True, inline="always")
def _rotl(x, k):
    return ((x << k) & M32) | (x >> (32 - k))


@njit(cache=True, _nrt=False)
def _mul32(a, b):
    """(a * b) mod 2**32 for 32-bit a and b without exceeding int64."""
    lo = a * (b & 0xFFFF)
    hi = ((a * (b >> 16)) & 0xFFFF) << 16
    return (lo + hi) & M32


@njit(cache=True, _nrt=False)
def _fmix32(h):
    h ^= h >> 16
    h = _mul32(h, 0x85EBCA6B)
    h ^= h >> 13
    h = _mul32(h, 0xC2B2AE35)
    h ^= h >> 16
    return h


@njit(cache=True, _nrt=False)
def seed_stream(s, off, seed, stream):
    """Fill the 4 words at ``s[off:off+4]`` from a non-negative 63-bit seed and a stream id."""
    lo = seed & M32
    hi = (seed >> 32) & M32
    for i in range(4):
        x = (lo + _mul32(i + 1 + 4 * stream, 0x9E3779B9)) & M32
        x = _fmix32(x ^ _fmix32((hi + 0x7F4A7C15 * (i + 1)) & M32))
        s[off + i] = x
    if s[off] == 0 and s[off + 1] == 0 and s[off + 2] == 0 and s[off + 3] == 0:
        s[off] = 1


@njit(cache=True, _nrt=False)
def next_u32(s, off):
    """Next 32-bit output of the xoshiro128** generator stored at ``s[off:off+4]``."""
    s0 = s[off]
    s1 = s[off + 1]
    s2 = s[off + 2]
    s3 = s[off + 3]
    result = (_rotl((s1 * 5) & M32, 7) * 9) & M32
    t = (s1 << 9) & M32
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 11)
    s[off] = s0
    s[off + 1] = s1
    s[off + 2] = s2
    s[off + 3] = s3
    return result


@njit(cache=True, _nrt=False)
def next_u63(s, off):
    """A non-negative 63-bit value from two outputs of the generator at ``s[off:off+4]``."""
    hi = next_u32(s, off) & 0x7FFFFFFF
    lo = next_u32(s, off)
    return (hi << 32) | lo


@njit(cache=True, _nrt=False)
def randint(s, off, n):
    """Uniform integer in ``0..n-1`` (Lemire's method with rejection, so exactly uniform)."""
    threshold = (1 << 32) % n
    while True:
        m = next_u32(s, off) * n
        if (m & M32) >= threshold:
            return m >> 32


@njit(cache=True, _nrt=False)
def shuffle(s, off, arr, start, n):
    """Fisher-Yates shuffle of ``arr[start:start+n]`` in place."""
    for i in range(n - 1, 0, -1):
        j = randint(s, off, i + 1)
        tmp = arr[start + i]
        arr[start + i] = arr[start + j]
        arr[start + j] = tmp
