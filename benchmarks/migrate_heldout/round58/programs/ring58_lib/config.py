# shared settings of the dendro scripts
ring_dir = 'cores'        # one text file per increment core: "year,width_mm" lines
min_year = 1900
batch_size = 2
num_epochs = 1
