"""The users' journeys, as each user meets them."""
