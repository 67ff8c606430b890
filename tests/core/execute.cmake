# execution tests
