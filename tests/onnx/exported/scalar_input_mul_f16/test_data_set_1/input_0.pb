
BsJÿ{