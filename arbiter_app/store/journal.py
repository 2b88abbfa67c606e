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
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from arbiter_app.core import words

GENESIS = "0" * 64
"""The "previous hash" of the first entry."""


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
