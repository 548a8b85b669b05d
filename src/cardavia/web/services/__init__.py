"""What owns the site's behaviour and state: the deals, the tables of people, the reviews,
the AI in your seat, pruning and export. Services may use the presentation, the games'
web parts and the infrastructure, never a route (docs/web.md).
"""
