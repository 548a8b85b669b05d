"""The words every part of the site shares: card names, the table's common messages, the
AIs' names. The games' web parts (:mod:`cardavia.web.games`) build on them, so they sit
below the presentation that uses those parts.
"""
