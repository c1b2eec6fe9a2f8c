"""Which file system a file is on, as far as an autosave needs to know: whether writing into a
shared memory mapping of it can fail only as a write() would, never with SIGBUS.

An autosave copies each entry into a mapping of its save (core/saves.py, `_OpenSave`), over
padding it wrote beforehand with pwrite. On the file systems in MAPPED, pages written once need
no new space when they are written again through a mapping, so a full disk shows as the
pwrite's OSError. Elsewhere (copy-on-write file systems such as btrfs or zfs, network and FUSE
file systems) a mapped write may need space or a server, and its failure is a SIGBUS that Python
cannot catch: there the autosave writes with write(). Linux tells which file system a device is
in /proc/self/mountinfo; anywhere else nothing is mapped.
"""

from __future__ import annotations

import os
import sys

MAPPED = frozenset({"ext2", "ext3", "ext4", "xfs", "tmpfs"})
"""The file systems whose files an autosave writes through a mapping."""
MOUNTINFO = "/proc/self/mountinfo"

_known: dict[int, bool] = {}
"""Whether files on a block device (st_dev, major not 0) are written through a mapping: read
once a device. Anonymous devices (major 0: tmpfs, NFS, FUSE, btrfs, overlay) are numbered again
after an unmount, so a long-lived server could find "tmpfs" under a number now a FUSE mount's
(where a mapped write can SIGBUS): theirs are read each time, about 0.1 ms (20 mounts), once a
game started or rewritten."""


def mappable(fd: int) -> bool:
    """Whether the file open at `fd` is on a file system in MAPPED (False when that cannot be
    told, and anywhere but Linux). Raises OSError if `fd` cannot be stat'ed."""
    if not sys.platform.startswith("linux"):
        return False
    return device_mappable(os.fstat(fd).st_dev)


def device_mappable(device: int) -> bool:
    """Whether files on `device` (an st_dev) are on a file system in MAPPED (Linux)."""
    known = _known.get(device)
    if known is None:
        try:
            with open(MOUNTINFO, encoding="utf-8", errors="replace") as mounts:
                kinds = kinds_of_devices(mounts.read())
        except OSError:
            kinds = {}
        known = kinds.get((os.major(device), os.minor(device))) in MAPPED
        if os.major(device):
            _known[device] = known
    return known


def kinds_of_devices(mountinfo: str) -> dict[tuple[int, int], str]:
    """The file system type of each device (major, minor) in the text of a mountinfo file.

    A line is `ID PARENT MAJOR:MINOR ROOT MOUNT-POINT OPTIONS [OPTIONAL...] - TYPE SOURCE ...`;
    spaces in paths are written `\\040`, so fields split on spaces. A device mounted more than
    once (bind mounts) has one type; if two lines disagree it gets "?" (never in MAPPED), and a
    line that does not read as one is passed over."""
    kinds: dict[tuple[int, int], str] = {}
    for line in mountinfo.splitlines():
        fields = line.split(" ")
        try:
            major, minor = (int(number) for number in fields[2].split(":"))
            kind = fields[fields.index("-", 6) + 1]
        except (ValueError, IndexError):
            continue
        device = (major, minor)
        kinds[device] = kind if kinds.get(device, kind) == kind else "?"
    return kinds
