import Composer
