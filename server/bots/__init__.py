"""Bot seats: work in the store, leased to the bot workers that play them."""
