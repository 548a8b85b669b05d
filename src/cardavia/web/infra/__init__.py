"""Infrastructure that knows no game and no table: settings, security, the AI worker pool
and its fair share, cookies and browser ids, static assets, memoisation.
"""
