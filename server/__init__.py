"""`partyline serve`: the SSH front of Partyline. asyncssh accepts the connections; each session
gets its own app, a child process on a pseudo-terminal of its own, and this package relays the
bytes between the two. The server never imports Textual or Rich (a test checks): the apps run in
the children, the server only moves bytes, keeps the limits and, later, the tables.

    hostkey.py   the server's ed25519 host key: made once (mode 0600), reused, its fingerprint
    limits.py    the limits (connections, sessions, idle time, input rate, names) and their
                 one-line refusals; the admission count and the input token bucket
    terminal.py  what a client may say about its terminal: its type and size, made safe
    child.py     one app child on a new pseudo-terminal: start, resize, stop and reap
    relay.py     the bytes between one SSH channel and one child, with the session's limits
    ssh.py       the asyncssh server: authentication, refusals, one session per connection
    serve.py     the `serve` command: host key, listening, shutting down
    oplog.py     the operator's log: one line an event, in the operator's language
"""
