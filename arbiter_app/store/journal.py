"""The journal: an append-only list of every command run on an event.

Each entry records when (UTC, ISO 8601), who (the arbiter's name as given),
which command, its arguments as canonical JSON, and the seed of any drawing of
lots the command made. Entries are chained: an entry's hash is SHA-256 of the
previous entry's hash and the entry's own fields, so editing, removing or
reordering any entry changes every hash after it, and :func:`verify_chain`
finds the first entry that does not match. The file's ``meta`` table also keeps
the hash and length of the last entry, which catches a journal cut short.

The chain detects accidental or careless edits; it cannot stop someone who
recomputes every hash on purpose (there is no secret key in an offline file).
That is why the head is also kept *outside* the file: every printed sheet and
every automatic backup carries its :func:`anchor` (the last entry's number and
the start of its hash), and :func:`against_anchor` and :func:`against_journal`
find the first entry of a rewritten journal that no longer matches them.

A journal found broken when a file is opened for writing stays said broken: the
first write records :data:`BROKEN_MARK` in the ``meta`` table (and so in every copy
and backup), and every later opening reports it, even once the chain verifies again.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arbiter_app.core import words

GENESIS = "0" * 64
"""The "previous hash" of the first entry."""

ANCHOR_DIGITS = 16
"""Hex digits of the hash an anchor keeps (64 bits: no rewrite can be searched to match)."""

BROKEN_MARK = "journal_broken"
"""The ``meta`` key (a journal name, never changed) that records, as JSON, the first
problem of a journal found broken when it was written to: ``{"problem": …, "noticed": …}``."""


_string = json.encoder.encode_basestring
"""A string as JSON writes it with ``ensure_ascii=False`` (quoted, escaped)."""


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: the same value always gives the same text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class JournalEntry:
    """One journal row. *args* is the canonical JSON text exactly as stored."""

    seq: int
    time: str
    actor: str
    command: str
    args: str
    seed: int | None
    prev_hash: str
    hash: str

    @property
    def arguments(self) -> dict[str, Any]:
        value = json.loads(self.args)
        if not isinstance(value, dict):
            raise ValueError(f"journal entry {self.seq}: arguments are not an object")
        return value

    def expected_hash(self) -> str:
        return entry_hash(
            self.prev_hash, self.seq, self.time, self.actor, self.command, self.args, self.seed
        )

    def as_row(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "time": self.time,
            "actor": self.actor,
            "command": self.command,
            "args": self.args,
            "seed": self.seed,
            "prev_hash": self.prev_hash,
            "hash": self.hash,
        }

    @staticmethod
    def from_row(row: Mapping[str, Any]) -> JournalEntry:
        return JournalEntry(
            int(row["seq"]),
            str(row["time"]),
            str(row["actor"] or ""),
            str(row["command"]),
            str(row["args"]),
            None if row["seed"] is None else int(row["seed"]),
            str(row["prev_hash"]),
            str(row["hash"]),
        )


def entry_hash(
    prev_hash: str,
    seq: int,
    time: str,
    actor: str,
    command: str,
    args: str,
    seed: int | None,
) -> str:
    if (
        type(seq) is int
        and (seed is None or type(seed) is int)
        and all(type(text) is str for text in (prev_hash, time, actor, command, args))
    ):
        # canonical_json's text of this list, written directly: the JSON module's own
        # string encoder, without walking a list (the journal of a big event is hashed
        # whenever it is opened, and an import's entry is megabytes long).
        payload = (
            f"[{_string(prev_hash)},{seq},{_string(time)},{_string(actor)},"
            f"{_string(command)},{_string(args)},{'null' if seed is None else seed}]"
        )
    else:
        payload = canonical_json([prev_hash, seq, time, actor, command, args, seed])
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def make_entry(
    previous: JournalEntry | None,
    time: str,
    actor: str,
    command: str,
    args: Mapping[str, Any],
    seed: int | None,
    text: str | None = None,
) -> JournalEntry:
    """The entry that follows *previous* (None for the first one); *text*, when the caller
    has it already, is ``canonical_json(args)``."""
    prev_hash = previous.hash if previous is not None else GENESIS
    seq = previous.seq + 1 if previous is not None else 1
    if text is None:
        text = canonical_json(dict(args))
    digest = entry_hash(prev_hash, seq, time, actor, command, text, seed)
    return JournalEntry(seq, time, actor, command, text, seed, prev_hash, digest)


def verify_chain(
    entries: Iterable[JournalEntry], head: str | None, length: int | None
) -> list[str]:
    """Problems with the chain: broken links, edited entries, a missing tail; [] when sound."""
    problems: list[str] = []
    prev_hash = GENESIS
    count = 0
    last_hash = GENESIS
    for expected_seq, entry in enumerate(entries, start=1):
        count += 1
        if entry.seq != expected_seq:
            problems.append(f"journal entry {entry.seq} is out of place (expected {expected_seq})")
        if entry.prev_hash != prev_hash:
            problems.append(f"journal entry {entry.seq} does not follow the entry before it")
        if entry.expected_hash() != entry.hash:
            problems.append(f"journal entry {entry.seq} ({entry.command}) was edited")
        prev_hash = entry.hash
        last_hash = entry.hash
    if length is not None and count != length:
        problems.append(
            f"the journal has {words.count(count, 'entry')} but the file recorded {length}"
        )

    if head is not None and last_hash != head:
        problems.append("the last journal entry is not the one the file recorded")
    return problems


def anchor(entry: JournalEntry | None) -> str:
    """The short form of the journal's head: ``"37-3f2a9c1b0d4e77aa"`` (entry 37, the
    first :data:`ANCHOR_DIGITS` hex digits of its hash); "" for an empty journal.
    It is printed on every sheet and put in every backup's name (no ``:``, so that a
    file name on any system can hold it)."""
    if entry is None:
        return ""
    return f"{entry.seq}-{entry.hash[:ANCHOR_DIGITS]}"


_ANCHOR = re.compile(r"(?:(\d{1,12})\s*[-:.\s]\s*)?([0-9a-fA-F]{8,64})")


def parse_anchor(text: str) -> tuple[int | None, str] | None:
    """``(seq, hash prefix)`` of an anchor as printed (``37-3f2a9c1b0d4e77aa``, also with
    ``:`` or a space), or a hash prefix alone (at least 8 hex digits); None otherwise."""
    found = _ANCHOR.fullmatch(text.strip())
    if found is None:
        return None
    seq = int(found.group(1)) if found.group(1) else None
    return seq, found.group(2).lower()


def find_anchor(text: str) -> str | None:
    """The anchor inside a longer text (a backup's name: ``…, journal 37-3f2a….arbiter``)."""
    found = re.search(rf"journal (\d{{1,12}}-[0-9a-f]{{{ANCHOR_DIGITS}}})", text)
    return found.group(1) if found else None


def against_anchor(entries: Sequence[JournalEntry], text: str) -> list[str]:
    """Problems of *entries* against an anchor taken earlier (a printed sheet's footer):
    the entry it names must still be there with the hash it had; [] when it is."""
    parsed = parse_anchor(text)
    if parsed is None:
        return [
            f"{text!r} is not a journal head: it is the entry's number and the start of "
            "its hash, as a sheet's footer prints it (37-3f2a9c1b0d4e77aa)"
        ]
    seq, prefix = parsed
    if seq is None:
        if any(e.hash.startswith(prefix) for e in entries):
            return []
        return [
            f"no journal entry has the hash {prefix}: the journal was rewritten since the "
            "head was taken"
        ]
    if seq > len(entries) or entries[seq - 1].seq != seq:
        return [
            f"journal entry {seq} is not in the file (it has "
            f"{words.count(len(entries), 'entry')}): entries were removed since the head "
            "was taken"
        ]
    entry = entries[seq - 1]
    if entry.hash.startswith(prefix):
        return []
    return [
        f"journal entry {seq} ({entry.command}) is not the one the head recorded (hash "
        f"{prefix}, now {entry.hash[: len(prefix)]}): the journal was rewritten at entry "
        f"{seq} or before it"
    ]


def against_journal(entries: Sequence[JournalEntry], earlier: Sequence[JournalEntry]) -> list[str]:
    """Problems of *entries* against the journal of an earlier copy (a backup): the
    journal only grows, so every entry of the copy must still be there as it was. The
    first entry that differs is named; [] when the copy's journal is the start of this one."""
    for mine, theirs in zip(entries, earlier, strict=False):
        if mine != theirs:
            fields = [
                name
                for name in ("seq", "time", "actor", "command", "args", "seed", "hash")
                if getattr(mine, name) != getattr(theirs, name)
            ]
            changed = ", ".join(f for f in fields if f != "hash") or "its hash"
            return [
                f"journal entry {theirs.seq} ({theirs.command}) differs from the backup's "
                f"({changed}): the journal was rewritten from entry {theirs.seq} on"
            ]
    if len(entries) < len(earlier):
        return [
            f"the journal has {words.count(len(entries), 'entry')} but the backup "
            f"{words.count(len(earlier), 'entry')}: entries were removed from entry "
            f"{len(entries) + 1} on"
        ]
    return []
