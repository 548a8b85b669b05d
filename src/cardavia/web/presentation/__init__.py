"""The shared presentation of a seat's view: what a page or the API shows of a deal
(presenters, the replay's timeline, a browser's record), and how it is drawn (templates'
environment, card faces, rules pages, the API reference). No I/O, no service.
"""
