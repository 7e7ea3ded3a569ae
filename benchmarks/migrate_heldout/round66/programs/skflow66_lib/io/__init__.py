from skflow66_lib.io.data_feeder import DataFeeder
