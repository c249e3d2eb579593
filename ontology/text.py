"""Text that is safe to print in a terminal or to cite as a name: control characters made visible.

Titles, abstracts and file names come from untrusted inputs. Printed raw, an
escape sequence (``ESC [ 31 m``) would recolour or rewrite the user's
terminal, and a newline in a file name would forge a separate ``warning:``
line. :func:`escape_controls` shows every such character as a Python-style
escape instead; printable text, in any script, is unchanged.

>>> escape_controls("red \\x1b[31malert\\x1b[0m")
'red \\\\x1b[31malert\\\\x1b[0m'
>>> escape_controls("line one\\nwarning: forged"), escape_controls("Dvořák\\tGarcía")
('line one\\\\nwarning: forged', 'Dvořák\\\\tGarcía')
>>> escape_controls("a\\u202eevil"), escape_controls("keeps\\u200dzero width joiners")
('a\\\\u202eevil', 'keeps\\u200dzero width joiners')
"""
from __future__ import annotations

import re

__all__ = ["escape_controls"]

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
# C0 and C1 controls, DEL, and the format characters that reorder or hide text (bidi overrides, isolates)
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def escape_controls(text: str, *, keep: str = "", json_style: bool = False) -> str:
    r"""``text`` with control and bidi-override characters written as escapes (characters in ``keep`` stay).

    ``json_style`` writes every escape as ``\uXXXX``, which JSON and
    N-Triples strings read back as the same character.

    >>> escape_controls("a\x9bb", json_style=True)
    'a\\u009bb'
    """
    return _UNSAFE.sub(lambda match: _escape(match.group(), keep, json_style), text)


def _escape(char: str, keep: str, json_style: bool) -> str:
    if char in keep:
        return char
    code = ord(char)
    if json_style:
        return f"\\u{code:04x}"
    if char in _NAMED:
        return _NAMED[char]
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


