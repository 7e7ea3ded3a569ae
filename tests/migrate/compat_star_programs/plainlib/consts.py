# no TensorFlow here: a star import of it changes nothing the drop-in needs
BATCH = 3
