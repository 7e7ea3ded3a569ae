class Config(object):
    '''Model and data settings (a stand-in for the repository's config module)'''
    data_path = None
    keep_fraction = 0.8
    max_length = 8
    batch_size = 2
    group_length = False


cfg = Config()
